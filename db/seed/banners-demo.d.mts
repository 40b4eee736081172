export interface DemoBannerImage {
  url: string;
  width: number;
  height: number;
}
export interface DemoBanner {
  id: string;
  title: string;
  url: string;
  image: { sm: DemoBannerImage; lg: DemoBannerImage };
  bg_color: string;
  start_time: null;
  end_time: null;
  /** drawing only: the generated image's hue and words */
  hue: number;
  text: string;
}
export const DEMO_BANNERS: ReadonlyArray<DemoBanner>;
/** The media bucket objects the seed writes: key and JSON body in the help site's format. */
export function demoBannerObjects(): Array<{ key: string; body: string }>;
