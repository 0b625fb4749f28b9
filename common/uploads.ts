// Addresses of uploaded files (§7.2 UploadImageRedis answers one; docs/security.md "File addresses"):
// `/prod-api/api/Upload/File/<id>`, exactly, and nothing else. An image or file field stores such
// addresses joined by commas; the server accepts only addresses of uploads in the caller's scope, and
// the browser shows a stored value as an image or link only when it is such an address (any other text
// — a path, an outside URL, `javascript:` — is shown as plain text).
import { API_BASE } from './constants';

/** Where an uploaded file is served: GET `<UPLOAD_FILE_PATH>/<id>`. */
export const UPLOAD_FILE_PATH = `${API_BASE}/api/Upload/File`;

const ISSUED = new RegExp(`^${UPLOAD_FILE_PATH.replace(/[/.]/g, '\\$&')}/([1-9][0-9]{0,17})$`);

/** The upload id of an address this server issues, or null for any other text. */
export const uploadIdOf = (address: string): string | null => ISSUED.exec(address)?.[1] ?? null;

/** Whether a text is an address this server issues for an upload. */
export const isUploadAddress = (address: string): boolean => uploadIdOf(address) !== null;

/** The addresses of a stored image or file value (comma-joined, as the upload widget stores them). */
export const storedAddresses = (value: string): string[] => (value === '' ? [] : value.split(','));
