import axios, { type AxiosAdapter, type AxiosInstance } from 'axios';

/**
 * The axios instance of the http client. Loaded on the first request (its own chunk), so the
 * console's entry, and with it the login form, does not wait for axios.
 */
export function createAxios(timeout: number, adapter: AxiosAdapter | undefined): AxiosInstance {
  return axios.create({ timeout, adapter });
}
