import type { Knex } from 'knex';
import * as foundation from './20261121000001_foundation';
import * as identity from './20261121000010_identity';
import * as site from './20261121000100_site';
import * as partiesPropertyPricing from './20261122000001_parties_property_pricing';
import * as money from './20261122000002_money';
import * as operations from './20261122000003_operations';
import * as listIndexes from './20261122000010_list_indexes';
import * as quotes from './20261122000020_quotes';
import * as exportFiles from './20261122000030_exports';
import * as billRuns from './20261122000040_bill_runs';
import * as finance from './20261122000050_finance';
import * as outboxAttachments from './20261122000061_outbox_attachments';
import * as usageReports from './20261122000070_usage_reports';
import * as automatedBillingSetting from './20261122000080_automated_billing_setting';
import * as billLinesImpliedGroupKey from './20261122000090_bill_lines_implied_group_key';
import * as notificationActions from './20261123106000_notification_actions';
import * as deadLetterAlerts from './20261123106010_dead_letter_alerts';
import * as readingSubmitter from './20261123106020_reading_submitter';
import * as paymentsCore from './20261123103000_payments_core';
import * as cardSetupAcknowledged from './20261123103010_card_setup_acknowledged';
import * as broadbandUpgradeRequests from './20261123107000_broadband_upgrade_requests';
import * as readingImports from './20261123108000_reading_imports';
import * as operator from './20261123108010_operator';
import * as entityConfigurationRenders from './20261123108020_entity_configuration_renders';
import * as readingRequests from './20261123108030_reading_requests';
import * as directDebitCollections from './20261123104000_direct_debit_collections';
import * as partnerDeskNoMoney from './20261123101000_partner_desk_no_money';
import * as staffGroups from './20261124113010_staff_groups';
import * as agencyReferralAgency from './20261128070000_agency_referral_agency';
import * as savedPublicQuotes from './20261128080000_saved_public_quotes';
import * as signupSessions from './20261128090000_signup_sessions';
import * as directDebitLodgement from './20261128100000_direct_debit_lodgement';
import * as creditControlLadder from './20261128200000_credit_control_ladder';
import * as signupProcessing from './20261129100000_signup_processing';
import * as operationsUploads from './20261129300000_operations_uploads';
import * as searchTrigramIndexes from './20261129400000_search_trigram_indexes';
import * as outboxSenderBrand from './20261130000000_outbox_sender_brand';
import * as userPreferences from './20261130050000_user_preferences';
import * as jobFileChanges from './20261130100000_job_file_changes';
import * as reviewBillingIndexes from './20261130300000_review_billing_indexes';
import * as importChanges from './20261201000000_import_changes';

/** Every migration in order. Append new ones at the end; never edit or remove an applied one. */
export const migrations: Array<[string, Knex.Migration]> = [
  ['20261121000001_foundation', foundation],
  ['20261121000010_identity', identity],
  ['20261121000100_site', site],
  ['20261122000001_parties_property_pricing', partiesPropertyPricing],
  ['20261122000002_money', money],
  ['20261122000003_operations', operations],
  ['20261122000010_list_indexes', listIndexes],
  ['20261122000020_quotes', quotes],
  ['20261122000030_exports', exportFiles],
  ['20261122000040_bill_runs', billRuns],
  ['20261122000050_finance', finance],
  ['20261122000061_outbox_attachments', outboxAttachments],
  ['20261122000070_usage_reports', usageReports],
  ['20261122000080_automated_billing_setting', automatedBillingSetting],
  ['20261122000090_bill_lines_implied_group_key', billLinesImpliedGroupKey],
  ['20261123106000_notification_actions', notificationActions],
  ['20261123106010_dead_letter_alerts', deadLetterAlerts],
  ['20261123106020_reading_submitter', readingSubmitter],
  ['20261123103000_payments_core', paymentsCore],
  ['20261123103010_card_setup_acknowledged', cardSetupAcknowledged],
  ['20261123107000_broadband_upgrade_requests', broadbandUpgradeRequests],
  ['20261123108000_reading_imports', readingImports],
  ['20261123108010_operator', operator],
  ['20261123108020_entity_configuration_renders', entityConfigurationRenders],
  ['20261123108030_reading_requests', readingRequests],
  ['20261123104000_direct_debit_collections', directDebitCollections],
  ['20261123101000_partner_desk_no_money', partnerDeskNoMoney],
  ['20261124113010_staff_groups', staffGroups],
  ['20261128070000_agency_referral_agency', agencyReferralAgency],
  ['20261128080000_saved_public_quotes', savedPublicQuotes],
  ['20261128090000_signup_sessions', signupSessions],
  ['20261128100000_direct_debit_lodgement', directDebitLodgement],
  ['20261128200000_credit_control_ladder', creditControlLadder],
  ['20261129100000_signup_processing', signupProcessing],
  ['20261129300000_operations_uploads', operationsUploads],
  ['20261129400000_search_trigram_indexes', searchTrigramIndexes],
  ['20261130000000_outbox_sender_brand', outboxSenderBrand],
  ['20261130050000_user_preferences', userPreferences],
  ['20261130100000_job_file_changes', jobFileChanges],
  ['20261130300000_review_billing_indexes', reviewBillingIndexes],
  ['20261201000000_import_changes', importChanges],
];
