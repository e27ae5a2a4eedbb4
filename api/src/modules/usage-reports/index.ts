/** Usage reports: USAGE_REPORT uploads written by the `reports.usage` job, downloaded through a secure link. */
export { checkUsagePeriod, requestUsageReport, usageReportStatus, USAGE_REPORT_MESSAGES, type UsageReportCaller, type UsageReportInput } from './request-usage-report.service';
export { runUsageReport, type UsageReportOutcome } from './run-usage-report.service';
export { followUsageReport, openUsageReportDownload } from './usage-report-download.service';
export { toUsageReportView, type UsageReportView } from './usage-report-files';
export { USAGE_REPORT_COLUMNS, usageReportSql, type UsageReportSelection } from './usage-report-query';
export { usageReportsTypeDefs, usageReportsResolvers, usageReportsOperationAccess } from './usage-reports.graphql';
