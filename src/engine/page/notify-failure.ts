// A failure message for a page action: the page's text plus the server's detail, unless the HTTP client
// already put that failure on screen (§8).
import { failureText, shownByClient } from '../../lib/http/errors';

export const failureMessage = (text: string, e: unknown): string => (shownByClient(e) ? text : `${text}：${failureText(e, '请稍后重试')}`);
