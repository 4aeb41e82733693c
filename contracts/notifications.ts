import { z } from 'zod';
import { msg } from './messages';

/** Notifications per page (spec section 9). */
export const NEWS_PAGE_SIZE = 10;

/** POST /api/News/listing {page}: the owner's notifications, newest first, 10 per page. */
export const newsListingRequest = z.object({
  page: z.coerce
    .number({ invalid_type_error: msg('invalid', 'page') })
    .int(msg('invalid', 'page'))
    .min(1, msg('invalid', 'page'))
    .max(100_000)
    .default(1),
});

/** What a notification can be about; the web list links its text to the subject's page. */
export const NOTIFICATION_SUBJECT_KINDS = ['order', 'invoice', 'verification', 'notary', 'evidence', 'personalData'] as const;
export type NotificationSubjectKind = (typeof NOTIFICATION_SUBJECT_KINDS)[number];

/**
 * A notification's subject: its kind and reference (order: the order number; invoice: the application id;
 * verification: `organization` or `person`, whose verification it is; notary: the notary order id; evidence: the baoquan;
 * personalData: the id of a copy of one's personal data).
 */
export const notificationSubjectSchema = z.object({
  kind: z.enum(NOTIFICATION_SUBJECT_KINDS),
  ref: z.string().min(1).max(64),
});
export type NotificationSubject = z.infer<typeof notificationSubjectSchema>;

/** Spec section 3: newsId, str, addTime, isRead ("0" unread, "1" read); our `subject` (null: names nothing). */
export const newsItemSchema = z.object({
  newsId: z.number().int(),
  str: z.string(),
  addTime: z.string(),
  isRead: z.enum(['0', '1']),
  subject: notificationSubjectSchema.nullable(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const newsListingResponse = z.object({
  count: z.number().int(),
  list: z.array(newsItemSchema),
});
export type NewsListing = z.infer<typeof newsListingResponse>;

/** At most this many ids in one comma list (a page is 10; a little room for "select across pages"). */
export const NEWS_IDS_MAX = 100;

/** `1,2,3` -> [1, 2, 3]; duplicates dropped. Shared by read and delete. */
const newsIdList = z
  .string({ required_error: msg('newsIdsRequired') })
  .trim()
  .min(1, msg('newsIdsRequired'))
  .regex(/^\d{1,15}(,\d{1,15})*$/, msg('newsIdsRequired'))
  .transform((v) => [...new Set(v.split(',').map(Number))])
  .refine((ids) => ids.length <= NEWS_IDS_MAX, msg('newsIdsRequired'));

/** POST /api/News/read {newsId}: a comma list of ids, or `all` for read-all (our choice; spec: comma list). */
export const newsReadRequest = z.object({
  newsId: z.union([z.literal('all'), newsIdList], { errorMap: () => ({ message: msg('newsIdsRequired') }) }),
});

/** POST /api/News/del {newsId}: a comma list of ids (deletion is by selection, spec section 4). */
export const newsDeleteRequest = z.object({ newsId: newsIdList });

/** Read and delete answer how many unread notifications the owner has left (the header badge). */
export const newsChangeResponse = z.object({ unread: z.number().int() });
