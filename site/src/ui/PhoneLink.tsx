// Renders a phone number as a tel: link; spaces are kept for reading but dropped from the URI.
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a className="phone-link" href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
      {phone}
    </a>
  );
}
