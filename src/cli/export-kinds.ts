/** What `export` can print: the resources the cache holds, in the shapes the service serves. */
export const EXPORT_RESOURCES = ['events', 'teams', 'matches', 'clips', 'stats'] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
