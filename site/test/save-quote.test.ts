import { startSmtpReceiver, useProductInBrowser, waitFor } from '@app/api/testing';
import { seriousViolations } from './site-support';

/*
 * "E-mail me this quote" in Chromium: a visitor prices a house, types their e-mail and the quote arrives over
 * SMTP with the shares they saw; asking again for the same quote says so instead of sending it twice.
 */

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
const running = useProductInBrowser(async () => {
  smtp = await startSmtpReceiver();
  return { env: { SMTP_URL: smtp.url } };
});
afterAll(() => smtp?.stop());

it('e-mails the quote the visitor sees, once', async () => {
  const page = await running.browser().newPage({ viewport: { width: 375, height: 900 } });
  await page.goto(`${running.product().baseUrl}/signup/quote`);
  await page.getByRole('region', { name: 'Cookies on this site' }).getByRole('button', { name: 'Decline' }).click();
  await page.getByLabel('Postcode of the house').fill('LS6 1AA');
  const greenSaver = page.getByRole('article', { name: 'Green Saver' }).locator('.quote-option__price strong');
  await greenSaver.waitFor();
  const weekly = await greenSaver.textContent();

  const save = page.getByRole('form', { name: 'E-mail me this quote' });
  await save.getByLabel('E-mail me this quote').fill('fresher@example.test');
  await save.getByRole('button', { name: 'Send' }).click();
  await save.getByText('We have e-mailed your quote to fresher@example.test.').waitFor();
  const mail = await waitFor('the quote e-mail', () => smtp.messages.find((m) => m.envelopeTo.includes('fresher@example.test')));
  expect(mail.headers.subject).toBe('Your quote from Shared House Bills');
  expect(mail.body).toContain(`Green Saver: ${weekly} a week each`);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

  await save.getByRole('button', { name: 'Send' }).click();
  await save.getByText('Weekly quote already exists').waitFor();
  expect(await save.getByLabel('E-mail me this quote').getAttribute('aria-invalid')).toBe('true');
  expect(smtp.messages.filter((m) => m.envelopeTo.includes('fresher@example.test'))).toHaveLength(1);
});
