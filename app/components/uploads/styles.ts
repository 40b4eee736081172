import uploadsCss from "~/styles/uploads.css?url";

/** For the `links` of a route that shows an upload field: `links = () => [uploadsStylesheet]`. */
export const uploadsStylesheet = { rel: "stylesheet", href: uploadsCss } as const;
