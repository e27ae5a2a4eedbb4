/** Test support shared by every workspace's tests: real databases, a real SMTP receiver, condition waits. */
export { createTestDatabase, type TestDatabase } from './test-database';
export { startSmtpReceiver, type ReceivedMail } from './smtp-receiver';
export { waitFor } from './wait-for';
export { startProduct, freePort, isAlive, type ProductProcess } from './product-process';
export { launchChromium } from './chromium';
export { startApiHarness, LOGIN, type ApiHarness } from './api-harness';
export { startOidcProvider, authorizationCodeFor, type LocalOidcProvider } from './oidc-provider';
export { useProductInBrowser, watchOffMachine } from './product-in-browser';
export { downloadToken } from './download-link';
export { createTestDebtor, type TestDebtor } from './test-debtor';
