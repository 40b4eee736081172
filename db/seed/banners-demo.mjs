// The demo header banner: the help site's list of the "top" kind (the home page and every page
// without a kind of its own), stored where operators put it, the media bucket's banners/top.json
// (docs/decisions/020-header-banners.md). scripts/seed.mjs uploads it to the local bucket;
// scripts/generate-demo-images.mjs draws its images under public/demo/banners/.

/**
 * @typedef {{ url: string, width: number, height: number }} DemoBannerImage
 * @typedef {{ id: string, title: string, url: string, image: { sm: DemoBannerImage, lg: DemoBannerImage }, bg_color: string, start_time: null, end_time: null, hue: number, text: string }} DemoBanner
 */

/** @type {ReadonlyArray<DemoBanner>} */
export const DEMO_BANNERS = [
  {
    id: "demo-find-creators",
    title: "好きなクリエイターを見つけよう：ファンクラブをさがす",
    url: "/fanclubs",
    image: {
      sm: { url: "/demo/banners/find-creators-sm.svg", width: 750, height: 200 },
      lg: { url: "/demo/banners/find-creators-lg.svg", width: 1200, height: 200 },
    },
    bg_color: "#2b1b4f",
    start_time: null,
    end_time: null,
    // drawing only: the hue of the generated image and the words on it, in Japanese like the
    // product's first language (an English banner read oddly on the Japanese pages)
    hue: 265,
    text: "好きなクリエイターを見つけよう",
  },
];

/**
 * The bucket objects to write: key and JSON body, in the help site's format (spec §3 field names).
 * @returns {Array<{ key: string, body: string }>}
 */
export function demoBannerObjects() {
  const banners = DEMO_BANNERS.map(({ hue: _hue, text: _text, ...banner }) => banner);
  return [{ key: "banners/top.json", body: `${JSON.stringify({ banners }, null, 2)}\n` }];
}
