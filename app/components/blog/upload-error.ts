/**
 * What `uploadImage` rejects with when it has a message for the writer (a §8 text such as
 * 'アップロード先の取得に失敗しました。' or the server's payload.message). Any other rejection
 * is shown as 'ファイルのアップロードに失敗しました。', so a bare network error never reaches
 * the screen in English. Kept apart from the editor so the page can throw it without loading
 * Lexical.
 */
export class BlogUploadError extends Error {
  override readonly name = "BlogUploadError";
}
