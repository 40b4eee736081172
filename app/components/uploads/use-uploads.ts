import type { Uppy, UppyFile } from "@uppy/core";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useToast } from "~/components/feedback/toast";
import { callApi } from "~/lib/api";
import { useTranslation } from "~/lib/i18n";
import { UPLOAD_RULES, dropzoneVisible, uploadProblem, type UploadKind, type UploadProblem } from "../../../server/domain/posts";
import { formatLimit, partSizeFor, pickedCountProblem, storageProblemOf, uploadFingerprint } from "../../../server/domain/uploads";
import { findResume, forgetResume, saveResume } from "./resume-store";

/**
 * A file in a post's list (spec §3 album/streaming/attachment item). While it uploads it is a
 * placeholder: a timestamp id, `isLoading` true; the server's item replaces it when stored.
 */
export interface UploadItem {
  id: number;
  filename: string;
  kind: UploadKind;
  size: number;
  isLoading: boolean;
  isPublish: boolean;
  /** share of the bytes sent, 0..1, while uploading */
  progress?: number;
  /** the upload continues one interrupted before (a reload) */
  resumed?: boolean;
  /** the post side adds these for files it shows */
  thumbUrl?: string | null;
  url?: string | null;
}

interface FileMeta extends Record<string, unknown> {
  kind: UploadKind;
  fingerprint: string;
  placeholderId: number;
  existingCount: number;
  /** the post_files id, once the server issued the upload */
  serverFileId?: number;
}
interface CompleteBody extends Record<string, unknown> {
  item?: UploadItem;
}
type Upload = Uppy<FileMeta, CompleteBody>;
type File_ = UppyFile<FileMeta, CompleteBody>;

const API = "/me/fanclub/uploads";
/** Parts in flight at once (sign calls share the budget): leaves browser connections for the page. */
const PARALLEL_REQUESTS = 4;
/** Each part is tried up to five times: at once, then after 1, 3 and 5 seconds. */
const RETRY_DELAYS = [0, 1000, 3000, 5000];

/** A refusal with the server's (localized) words, shown as they are. */
class UploadRefusal extends Error {
  override name = "UploadRefusal";
}

let lastPlaceholderId = 0;
/** spec §3: placeholders carry a timestamp id; two files picked together still get distinct ones. */
function placeholderId(): number {
  lastPlaceholderId = Math.max(Date.now(), lastPlaceholderId + 1);
  return lastPlaceholderId;
}

export interface UseUploadsOptions {
  kind: UploadKind;
  initialItems?: UploadItem[];
  onChange?: (items: UploadItem[]) => void;
  onUploadingChange?: (uploading: boolean) => void;
}

/**
 * Multipart uploads to R2 through Uppy's S3 plugin, which queues the parts, sends several at
 * once, retries each and resumes from the parts already stored. The server issues each upload,
 * signs each part and verifies the file at the end; this hook keeps the post's list in step.
 */
export function useUploads(options: UseUploadsOptions) {
  const { kind } = options;
  const { t } = useTranslation("uploads");
  const toast = useToast();
  const maxFiles = UPLOAD_RULES[kind].maxFiles;
  const [items, setItems] = useState<UploadItem[]>(() => options.initialItems ?? []);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const uppyRef = useRef<Promise<Upload> | null>(null);
  const callbacks = useRef(options);
  callbacks.current = options;
  const messages = useRef({ t, toast });
  messages.current = { t, toast };
  /** Pictures show from the picked file itself (an object URL) until the form goes away. */
  const previews = useRef(new Set<string>());

  const problemText = useCallback(
    (problem: UploadProblem) => {
      const rule = UPLOAD_RULES[kind];
      switch (problem) {
        case "tooMany":
          return t("errors.tooMany", { count: rule.maxFiles });
        case "tooLarge":
          return t("errors.tooLarge", { maxFileSize: formatLimit(rule.maxBytes) });
        case "badType":
          return t("errors.badType");
        case "empty":
          return t("errors.empty");
      }
    },
    [kind, t],
  );

  const patchItem = useCallback((id: number, patch: Partial<UploadItem> | null) => {
    setItems((list) => (patch === null ? list.filter((i) => i.id !== id) : list.map((i) => (i.id === id ? { ...i, ...patch } : i))));
  }, []);

  /** Uppy and its S3 plugin load when the first file is picked, never with the page. */
  const loadUppy = useCallback((): Promise<Upload> => {
    uppyRef.current ??= (async () => {
      const [{ default: UppyCore }, { default: AwsS3 }] = await Promise.all([import("@uppy/core"), import("@uppy/aws-s3")]);
      const uppy: Upload = new UppyCore<FileMeta, CompleteBody>({
        autoProceed: false,
        allowMultipleUploadBatches: true,
        // failures reach the person as toasts; the console gets warnings, not errors
        logger: {
          debug: () => {},
          warn: (...args: unknown[]) => console.warn("[uploads]", ...args),
          error: (...args: unknown[]) => console.warn("[uploads]", ...args),
        },
      });
      // kept outside Uppy's state: an abort may run after the file has left it
      const serverIds = new Map<string, number>();
      const fileIdOf = (file: File_) => {
        const id = serverIds.get(file.id) ?? file.meta.serverFileId;
        if (typeof id !== "number") throw new Error("upload not issued");
        return id;
      };
      uppy.on("file-added", (file) => {
        if (typeof file.meta.serverFileId === "number") serverIds.set(file.id, file.meta.serverFileId);
      });
      uppy.use(AwsS3<FileMeta, CompleteBody>, {
        shouldUseMultipart: true,
        limit: PARALLEL_REQUESTS,
        retryDelays: RETRY_DELAYS,
        // the server's rule: the same part size it checks every part against
        getChunkSize: (data) => partSizeFor(data.size),
        async createMultipartUpload(file) {
          const res = await callApi<{ file: { id: number; key: string; uploadId: string }; partSize: number }>(API, {
            method: "POST",
            body: {
              kind: file.meta.kind,
              filename: file.name,
              size: file.size,
              contentType: file.type,
              existingCount: file.meta.existingCount,
            },
          });
          if (!res.success) throw new UploadRefusal(res.payload.message || messages.current.t("errors.destination"));
          const issued = res.payload.file;
          serverIds.set(file.id, issued.id);
          saveResume(file.meta.fingerprint, { fileId: issued.id, key: issued.key, uploadId: issued.uploadId });
          return { uploadId: issued.uploadId, key: issued.key };
        },
        async signPart(file, { partNumber }) {
          const res = await callApi<{ url: string; headers?: Record<string, string> }>(`${API}/${fileIdOf(file)}/parts/${partNumber}`, {
            method: "POST",
          });
          if (!res.success) throw new Error(res.payload.message ?? `signing part ${partNumber} failed`);
          return { method: "PUT", url: res.payload.url, headers: res.payload.headers };
        },
        async listParts(file) {
          const res = await callApi<{ parts: Array<{ PartNumber: number; ETag: string; Size: number }> }>(`${API}/${fileIdOf(file)}/parts`);
          if (!res.success) throw new Error(res.payload.message ?? "listing parts failed");
          return res.payload.parts;
        },
        async completeMultipartUpload(file, { parts }) {
          const res = await callApi<{ item: UploadItem }>(`${API}/${fileIdOf(file)}/complete`, { method: "POST", body: { parts } });
          if (!res.success) throw new UploadRefusal(res.payload.message || messages.current.t("errors.failed"));
          const body: CompleteBody & { location?: string } = { item: res.payload.item };
          return body;
        },
        async abortMultipartUpload(file) {
          const id = serverIds.get(file.id) ?? file.meta.serverFileId;
          if (typeof id === "number") await callApi(`${API}/${id}`, { method: "DELETE" }).catch(() => {});
        },
      });

      uppy.on("upload-progress", (file, progress) => {
        if (!file || !progress.bytesTotal) return;
        patchItem(file.meta.placeholderId, { progress: (progress.bytesUploaded ?? 0) / progress.bytesTotal });
      });
      uppy.on("upload-success", (file, response) => {
        if (!file) return;
        const item = response.body?.item;
        forgetResume(file.meta.fingerprint);
        uppy.removeFile(file.id);
        if (item)
          patchItem(file.meta.placeholderId, { ...item, kind: file.meta.kind, isLoading: false, progress: undefined, resumed: undefined });
        else patchItem(file.meta.placeholderId, null);
        messages.current.toast.show(messages.current.t("uploaded"), "success");
      });
      uppy.on("upload-error", (file, error) => {
        if (!file) return;
        const { t: tr, toast: show } = messages.current;
        const issued = serverIds.has(file.id);
        // spec §8: a refusal in the server's words; the storage's own refusal of a part; otherwise where it failed
        const source = (error as { source?: { status?: unknown; responseText?: unknown } } | undefined)?.source;
        const storage =
          typeof source?.status === "number"
            ? storageProblemOf(source.status, typeof source.responseText === "string" ? source.responseText : "")
            : null;
        const text =
          error instanceof UploadRefusal
            ? error.message
            : storage === "storageTooLarge"
              ? tr("errors.storageTooLarge", { size: formatLimit(UPLOAD_RULES[file.meta.kind].maxBytes) })
              : storage === "storageOther"
                ? tr("errors.storageOther")
                : !issued
                  ? tr("errors.destination")
                  : error?.message
                    ? tr("errors.failed")
                    : tr("errors.unknown");
        forgetResume(file.meta.fingerprint);
        uppy.removeFile(file.id);
        patchItem(file.meta.placeholderId, null);
        show.show(text, "error");
      });
      return uppy;
    })();
    return uppyRef.current;
  }, [patchItem]);

  /** Adds picked or dropped files: judged at once, shown as placeholders, sent in the background. */
  const addFiles = useCallback(
    async (picked: Iterable<File>) => {
      const list = [...picked];
      // a one-file list (a DC3 content) takes no file of a drop of several (spec §8)
      if (pickedCountProblem(maxFiles, list.length)) {
        toast.show(t("errors.oneFile"), "error");
        return;
      }
      const accepted: Array<{ file: File; meta: FileMeta }> = [];
      let count = itemsRef.current.length;
      const placeholders: UploadItem[] = [];
      for (const file of list) {
        const problem = uploadProblem(kind, { filename: file.name, size: file.size }, count);
        if (problem) {
          toast.show(problemText(problem), "error");
          if (problem === "tooMany") break;
          continue;
        }
        const id = placeholderId();
        const meta: FileMeta = { kind, fingerprint: uploadFingerprint(file, kind), placeholderId: id, existingCount: count };
        accepted.push({ file, meta });
        // a picture is shown as it is picked; the stored item keeps this preview (the server sends none)
        const thumbUrl = kind === "picture" ? URL.createObjectURL(file) : undefined;
        if (thumbUrl) previews.current.add(thumbUrl);
        placeholders.push({ id, filename: file.name, kind, size: file.size, isLoading: true, isPublish: true, progress: 0, thumbUrl });
        count++;
      }
      if (accepted.length === 0) return;
      setItems((list) => [...list, ...placeholders]);

      let uppy: Upload;
      try {
        uppy = await loadUppy();
      } catch {
        // the chunk did not load (offline, or a new deploy): nothing was sent
        uppyRef.current = null;
        for (const { meta } of accepted) patchItem(meta.placeholderId, null);
        toast.show(t("errors.destination"), "error");
        return;
      }
      for (const { file, meta } of accepted) {
        const earlier = findResume(meta.fingerprint);
        // an upload the server still keeps open continues; anything else starts over
        const resumable = earlier ? (await callApi(`${API}/${earlier.fileId}/parts`).catch(() => null))?.success === true : false;
        if (earlier && !resumable) forgetResume(meta.fingerprint);
        try {
          const id = uppy.addFile({
            name: file.name,
            type: file.type,
            data: file,
            source: "upload-field",
            meta: resumable && earlier ? { ...meta, serverFileId: earlier.fileId } : meta,
          });
          if (resumable && earlier) {
            uppy.setFileState(id, { s3Multipart: { key: earlier.key, uploadId: earlier.uploadId } } as Partial<File_>);
            patchItem(meta.placeholderId, { resumed: true });
          }
        } catch {
          // Uppy refuses a file that is already on its way
          patchItem(meta.placeholderId, null);
          toast.show(t("errors.generic"), "error");
        }
      }
      uppy.upload().catch(() => {
        // each file's failure was reported by its upload-error event
      });
    },
    [kind, loadUppy, maxFiles, patchItem, problemText, t, toast],
  );

  /** Removes an item; one still uploading is stopped and its upload aborted on the server. */
  const remove = useCallback(
    (id: number) => {
      const item = itemsRef.current.find((i) => i.id === id);
      if (!item) return;
      if (item.isLoading && uppyRef.current) {
        void uppyRef.current.then((uppy) => {
          const file = uppy.getFiles().find((f) => f.meta.placeholderId === id);
          if (file) {
            forgetResume(file.meta.fingerprint);
            uppy.removeFile(file.id);
          }
        });
      }
      if (item.thumbUrl && previews.current.delete(item.thumbUrl)) URL.revokeObjectURL(item.thumbUrl);
      patchItem(id, null);
    },
    [patchItem],
  );

  const uploading = items.some((i) => i.isLoading);
  const overall = useMemo(() => {
    const loading = items.filter((i) => i.isLoading);
    const total = loading.reduce((n, i) => n + i.size, 0);
    return total === 0 ? 0 : loading.reduce((n, i) => n + i.size * (i.progress ?? 0), 0) / total;
  }, [items]);

  // the form hears about changes after the first render (the initial items are its own)
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    callbacks.current.onChange?.(items);
  }, [items]);
  useEffect(() => {
    callbacks.current.onUploadingChange?.(uploading);
  }, [uploading]);

  // spec §2: leaving while a file uploads asks first (the browser words the question)
  useEffect(() => {
    if (!uploading) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [uploading]);

  // a form that goes away stops its uploads (the post modal asked before closing)
  useEffect(
    () => () => {
      void uppyRef.current?.then((uppy) => uppy.destroy());
      for (const url of previews.current) URL.revokeObjectURL(url);
      previews.current.clear();
    },
    [],
  );

  return { items, addFiles, remove, uploading, overall, maxFiles, canAdd: dropzoneVisible(kind, items.length) };
}
