export const DEMO_NOTICE_ID: number;
export const DEMO_NOTICE_SOURCE: string;
export const DEMO_NOTICE_HTML: string;
export function noticeDemoStatements(input: { now: number; operatorId: number }): string[];
