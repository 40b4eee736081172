// One rule for image addresses, shared with the server (static "/…" paths kept, R2 keys under /media/).
export { mediaUrl } from "../../server/domain/images";
