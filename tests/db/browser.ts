/** A browser's cookie jar for calling auth.api.* as one visitor: the cookies it holds, and what responses set. */
export class Browser {
  cookies = new Map<string, string>();
  headers(): Headers {
    return new Headers({ cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') });
  }
  /** Keeps what a response set (and forgets what it cleared). */
  take(headers: Headers): void {
    for (const cookie of headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (/max-age=0/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
