import type { inferOutput } from '@trpc/tanstack-react-query';
import type { Trpc } from '../../lib/trpc';

/** An import as the browser receives it (dates as ISO text). */
export type ImportJobView = inferOutput<Trpc['productImport']['get']>;
/** The upload's answer: the import with its first rows and whether the mapping was remembered. */
export type UploadedImport = inferOutput<Trpc['productImport']['upload']>;
export type ImportRowView = inferOutput<Trpc['productImport']['rows']>['items'][number];
