import type { Page } from 'playwright-core';

/** Picks the option labelled `option` of a react-admin SelectInput. */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save' }).click();
}

/** After a create the record's page opens: /admin/{group}/X/{id}/show. */
export async function savedRecordUrl(page: Page, resource: string): Promise<string> {
  await page.waitForURL(new RegExp(`/admin/\\d+/${resource}/\\d+/show`)).catch(async (error: Error) => {
    // Say why the form did not save: the messages under its fields and in its notification.
    const messages = await page.locator('.MuiFormHelperText-root.Mui-error, [role="alert"]').allInnerTexts();
    throw new Error(`${resource} was not saved: ${messages.join(' | ') || error.message}`);
  });
  return page.url().replace(/\/show.*$/, '/show');
}
