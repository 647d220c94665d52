import axios, { type AxiosAdapter, type AxiosInstance } from 'axios';

/**
 * The axios instance of the http client. Loaded on the first request (its own chunk), so the
 * console's entry, and with it the login form, does not wait for axios.
 *
 * No XSRF cookie is read: the console's requests carry the session in their headers, never in a
 * cookie. Where the browser has the Cookie Store API, axios would otherwise ask it for the
 * `XSRF-TOKEN` cookie before sending each request, and every request would wait for that answer
 * from the browser, which comes only after the task the page is busy with (a page drawing itself
 * held its first data requests back by tens of milliseconds, one after the other).
 */
export function createAxios(timeout: number, adapter: AxiosAdapter | undefined): AxiosInstance {
  return axios.create({ timeout, adapter, withXSRFToken: false });
}
