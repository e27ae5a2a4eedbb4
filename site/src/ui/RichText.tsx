import { Fragment } from 'react';
import { useSiteInfo } from '../config/ConfigContext';
import { PhoneLink } from './PhoneLink';

// Written content says {phone} and {siteName} so that a deployment's own name and number show everywhere.
export function RichText({ text }: { text: string }) {
  const { siteName, phone } = useSiteInfo();
  const parts = text.replaceAll('{siteName}', siteName).split('{phone}');
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <PhoneLink phone={phone} /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
