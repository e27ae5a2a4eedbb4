/**
 * The hosted pages a tenant's browser sees: Checkout in setup mode (enter a card) and the 3-D Secure
 * challenge, with Stripe's test-page wording ("Complete authentication" / "Fail authentication").
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1f36}
label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1rem;font-size:1rem;background:#635bff;color:#fff;border:0;border-radius:4px;cursor:pointer}
button.secondary{background:#e3e8ee;color:#1a1f36}.error{color:#df1b41}.note{color:#697386;font-size:.85rem}</style></head>
<body>${body}</body></html>`;

export function checkoutPage(sessionId: string, email: string | null, error: string | null = null): string {
  return page(
    'Save your card',
    `<h1>Save your card</h1>
<p class="note">Stripe sandbox (test mode). Use a test card such as 4242 4242 4242 4242.</p>
${email ? `<p>${escape(email)}</p>` : ''}
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/checkout/${escape(sessionId)}">
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" autocomplete="cc-number" inputmode="numeric" required>
<label for="cardExpiry">Expiry (MM / YY)</label><input id="cardExpiry" name="cardExpiry" placeholder="MM / YY" required>
<label for="cardCvc">CVC</label><input id="cardCvc" name="cardCvc" required>
<label for="billingName">Name on card</label><input id="billingName" name="billingName">
<button type="submit">Save card</button>
</form>`,
  );
}

export function threeDsPage(sessionId: string): string {
  return page(
    '3D Secure 2 Test Page',
    `<h1>3D Secure 2 Test Page</h1>
<p>This is a test page of the card issuer: choose whether the authentication succeeds.</p>
<form method="post" action="/3ds/${escape(sessionId)}">
<button type="submit" name="outcome" value="complete">Complete authentication</button>
<button type="submit" name="outcome" value="fail" class="secondary">Fail authentication</button>
</form>`,
  );
}

export function messagePage(title: string, text: string): string {
  return page(title, `<h1>${escape(title)}</h1><p>${escape(text)}</p>`);
}
