import { humaniseValue } from '../value-labels';

/** Field labels that humanising the field name would get wrong or leave clumsy. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  id: 'ID',
  createdAt: 'Created',
  updatedAt: 'Last changed',
  email: 'E-mail',
  postCode: 'Postcode',
  streetName: 'Street',
  address2: 'Address line 2',
  cityName: 'City',
  parentId: 'Parent agency',
  isActive: 'Active',
  isFo: 'Front-office agent',
  mpxn: 'MPAN / MPRN',
  signUpDate: 'Start date',
  eoyAction: 'End-of-year action',
  calcUsingBedrooms: 'Calculate using bedrooms',
  dateOfBirth: 'Date of birth',
  tiedToFreeze: 'Tied to freeze',
  authorUserId: 'Author',
  imageUploadId: 'Image',
  kwhPerYear: 'kWh per year',
  tvLicence: 'TV licence',
  correspondenceStreetName: 'Correspondence address',
  correspondenceCityName: 'Correspondence city',
  correspondencePostCode: 'Correspondence postcode',
};

/**
 * The label of a catalogue field, the same on back-office screens and export headers:
 * "houseContractId" → "House contract", "commissionPence" → "Commission", "vatPence" → "VAT".
 */
export function fieldLabel(name: string): string {
  return (
    FIELD_LABELS[name] ??
    humaniseValue(name.replace(/(?<=.)(Ids?|Pence)$/, '')).replace(/\b(pdf|vat|dd|sms|url|ip|kwh)\b/gi, (word) => (word.toLowerCase() === 'kwh' ? 'kWh' : word.toUpperCase()))
  );
}
