import type { JobMessage } from "../jobs/messages";
import { allVariantKeys, hasVariants, type VariantKind } from "../domain/image-variants";

// What requests do with variants: queue the job, delete them with their original. The job itself
// (decoding, resizing, the WebP encoder's WebAssembly) is in ./variant-job, which only the queue
// consumer imports, so the Remix server build never bundles the codec.

/** Deletes an original and whatever variants it has (deleting a key that is absent is no error). */
export async function deleteWithVariants(bucket: R2Bucket, key: string): Promise<void> {
  await deleteAllWithVariants(bucket, [key]);
}

/** R2 deletes at most 1,000 keys a call. */
const R2_DELETE_MAX = 1000;

/**
 * Deletes originals and every variant each may have, in calls R2 accepts: each original brings
 * ten keys now, so a page of 100 files is already at R2's limit and one more width would pass it.
 */
export async function deleteAllWithVariants(bucket: R2Bucket, keys: readonly string[]): Promise<void> {
  const all = keys.flatMap((key) => [key, ...allVariantKeys(key)]);
  for (let i = 0; i < all.length; i += R2_DELETE_MAX) await bucket.delete(all.slice(i, i + R2_DELETE_MAX));
}

/**
 * Queues the variant job of each stored image (docs/decisions/044): after an upload completes and
 * after a post copy wrote its new keys. Images the job cannot decode (PNG, GIF, static files) are
 * left out; a redelivered or repeated job stores the same bytes again, so no key is needed.
 */
export async function queueVariants(jobs: Queue<JobMessage>, images: readonly { key: string; kind: VariantKind }[]): Promise<void> {
  const messages = images
    .filter((image) => hasVariants(image.key))
    .map((image) => ({
      body: { type: "image-variants", key: `image-variants:${image.key}`, objectKey: image.key, variant: image.kind } satisfies JobMessage,
    }));
  // sendBatch takes at most 100 messages; a post holds at most a few hundred images
  for (let i = 0; i < messages.length; i += 100) await jobs.sendBatch(messages.slice(i, i + 100));
}
