/**
 * An image whose box is known before it loads (width and height: no layout shift) and whose
 * variants the browser picks from (srcset and sizes, decision 044). One place for the markup the
 * cards, the fan club page, the sidebar, plan cards, post cards and the live page share.
 *
 * `loading` is written only when given: an image left to the browser's default (the fan club
 * header, the first thing on its page) loads at once, like `eager`, without the attribute.
 * `sizes` is passed as given, so a caller decides whether it goes with an empty srcset.
 */
export function SizedImage({
  src,
  srcSet,
  sizes,
  width,
  height,
  alt = "",
  className,
  loading,
  decoding,
  testId,
}: {
  src: string;
  srcSet?: string | undefined;
  sizes?: string | undefined;
  width: number;
  height: number;
  /** empty for a decorative image (icons and covers beside their names) */
  alt?: string;
  className?: string;
  loading?: "lazy" | "eager";
  decoding?: "async";
  testId?: string;
}) {
  return (
    <img
      className={className}
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding={decoding}
      data-testid={testId}
    />
  );
}
