import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "~/lib/i18n";
import { IMAGE_SIZES } from "../../../server/domain/image-variants";
import { SizedImage } from "~/components/sized-image";

export interface GalleryImage {
  id: number;
  url: string;
  filename: string | null;
  /** smaller sizes: the grid's thumbnail and the opened picture's (docs/decisions/044) */
  sizes?: { thumb: { src: string; srcSet: string }; large: { src: string; srcSet: string } };
}

/**
 * An album: a grid of images; each opens a lightbox (the native modal `<dialog>`: focus stays
 * inside, Esc closes and focus returns to the thumbnail) with previous/next buttons and arrow
 * keys. Without script each thumbnail is a plain link to the full image.
 */
export function PostGallery({ images, title }: { images: readonly GalleryImage[]; title: string }) {
  const { t } = useTranslation("posts");
  const [index, setIndex] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const open = index !== null;

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const count = images.length;
  const step = (delta: number) => setIndex((i) => (i === null ? i : (i + delta + count) % count));
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === "ArrowLeft") step(-1);
    else if (e.key === "ArrowRight") step(1);
    else return;
    e.preventDefault();
  };
  const current = index === null ? null : images[index];
  const alt = (i: number) => images[i]?.filename ?? t("view.imageAlt", { title, n: i + 1 });

  return (
    <>
      <ul className="post-gallery">
        {images.map((image, i) => (
          <li key={image.id}>
            <a
              href={image.url}
              onClick={(e) => {
                e.preventDefault();
                setIndex(i);
              }}
              aria-label={t("view.openImage", { n: i + 1, count })}
            >
              <SizedImage
                src={image.sizes?.thumb.src ?? image.url}
                srcSet={image.sizes?.thumb.srcSet}
                sizes={image.sizes ? IMAGE_SIZES.albumThumb : undefined}
                alt={alt(i)}
                width={400}
                height={400}
                loading={i < 4 ? "eager" : "lazy"}
                decoding="async"
              />
            </a>
            {image.filename ? <span className="post-file-name small muted">{image.filename}</span> : null}
          </li>
        ))}
      </ul>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the lightbox takes the arrow keys (previous, next image) and a backdrop click closes it */}
      <dialog
        ref={dialog}
        className="post-lightbox"
        aria-label={t("view.imagePosition", { n: (index ?? 0) + 1, count })}
        onClose={() => setIndex(null)}
        onKeyDown={onKeyDown}
        // a click on the backdrop lands on the dialog itself
        onClick={(e) => e.target === e.currentTarget && setIndex(null)}
      >
        {current ? (
          <>
            {/* first in order, so showModal() puts the focus here */}
            <button type="button" className="post-lightbox-close" onClick={() => setIndex(null)} aria-label={t("view.close")}>
              ×
            </button>
            <img
              src={current.sizes?.large.src ?? current.url}
              srcSet={current.sizes?.large.srcSet}
              sizes={current.sizes ? IMAGE_SIZES.albumLarge : undefined}
              alt={alt(index ?? 0)}
            />
            <p className="post-lightbox-position" aria-live="polite">
              {t("view.imagePosition", { n: (index ?? 0) + 1, count })}
            </p>
            {count > 1 ? (
              <>
                <button type="button" className="post-lightbox-prev" onClick={() => step(-1)} aria-label={t("view.prevImage")}>
                  ‹
                </button>
                <button type="button" className="post-lightbox-next" onClick={() => step(1)} aria-label={t("view.nextImage")}>
                  ›
                </button>
              </>
            ) : null}
          </>
        ) : null}
      </dialog>
    </>
  );
}
