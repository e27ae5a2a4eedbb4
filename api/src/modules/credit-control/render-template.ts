import { isGsmBasicText, SMS_BASIC_LIMIT, SMS_UNICODE_LIMIT } from '../../rules';

/** What a credit-control message may say about the tenant and their debt. */
export interface TemplateValues {
  firstName: string;
  amount: string;
  dueDate: string;
  daysOverdue: string;
  payLink: string;
  reason: string;
  stage: string;
}

export const TEMPLATE_PLACEHOLDERS: ReadonlyArray<keyof TemplateValues> = ['firstName', 'amount', 'dueDate', 'daysOverdue', 'payLink', 'reason', 'stage'];

const PLACEHOLDER = /\{\{\s*([a-zA-Z]+)\s*\}\}/g;

/** Fills a template's {{placeholders}}; an unknown one is left as written, so staff see their typo in the preview. */
export function renderTemplate(text: string, values: TemplateValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? values[name as keyof TemplateValues] : whole));
}

/** The placeholders a template uses that the product does not know (named in the editor's error). */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name));
}

/**
 * An SMS as it will go: the rendered text is cut to the SMS limit (1,600 characters in the GSM basic set, 737
 * otherwise) rather than refused, so a long name never stops a failed-payment text. The editor checks the
 * template itself against the same rule as staff type.
 */
export function fitSms(text: string): string {
  if (isGsmBasicText(text)) return text.slice(0, SMS_BASIC_LIMIT);
  // Outside the basic set the limit counts UTF-16 units (UCS-2): whole characters only, so an emoji is never cut in two.
  let fitted = '';
  for (const character of text) {
    if (fitted.length + character.length > SMS_UNICODE_LIMIT) break;
    fitted += character;
  }
  return fitted;
}
