import { LOCALE_NAMES, LOCALES, type Locale } from '../../../contracts/locales';
import { pageShell } from './first-view';
import { escapeHtml } from './seo.presenter';
import { translateWeb, webText, type WebText } from './web-texts';

// The words of the sign-in page as the app writes them (auth-page.tsx, auth-tabs.tsx,
// sign-in-form.tsx, guest-button.tsx; the language picker's label, sign-in-link-request.tsx).
const au = (message: string) => webText('auth', message);
export const AUTH_TEXTS = {
  title: au('Sign In or Register'),
  line: au('Find events, hire vendors and sell tickets with one account.'),
  signIn: au('Sign In'),
  signUp: au('Sign Up'),
  reset: au('Reset Password'),
  email: au('Email'),
  password: au('Password'),
  or: au('or'),
  guest: au('Continue as guest'),
  language: webText('shell', 'Language'),
  signInLink: webText('devices', 'Email me a sign-in link'),
};

const LABEL = 'text-sm leading-none font-medium';
const INPUT =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm text-foreground placeholder:text-muted-foreground';
const BUTTON =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors h-10 px-4 text-sm';
const TAB = 'rounded-md px-1.5 py-2 text-sm leading-tight font-medium transition-colors';

/**
 * /auth with its Sign In tab (no other tab or notice asked for): the page as the app draws it
 * for a signed-out visitor, its controls the app's own elements inside `inert` ones, so the
 * copy looks the same to the pixel and takes no tap or typing that the app's swap would lose.
 * The passkey button is the device's to offer, so it comes with the app.
 */
export function renderAuthFirstView(siteName: string, locale: Locale): string {
  const say = (text: WebText) => escapeHtml(translateWeb(locale, text));
  const options = LOCALES.map(
    (code) =>
      `<option value="${code}" lang="${code}"${code === locale ? ' selected' : ''}>${escapeHtml(LOCALE_NAMES[code])}</option>`,
  ).join('');
  const tab = (text: WebText, selected: boolean) =>
    `<button type="button" class="${TAB} ${selected ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground'}">${say(text)}</button>`;
  const field = (label: WebText, input: string) =>
    `<div class="flex flex-col gap-1.5"><label class="${LABEL}">${say(label)}</label>${input}</div>`;
  return pageShell(
    siteName,
    [
      '<section class="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10">',
      '<div class="flex flex-col gap-1 text-center">',
      `<h1 class="text-3xl font-bold tracking-tight">${say(AUTH_TEXTS.title)}</h1>`,
      `<p class="text-muted-foreground">${say(AUTH_TEXTS.line)}</p>`,
      `<div class="mt-2 flex justify-center" inert><span class="inline-flex items-center gap-2 text-xs"><label>${say(AUTH_TEXTS.language)}</label><select class="rounded-md border border-input bg-background px-2 py-1 text-xs text-foreground">${options}</select></span></div>`,
      '</div>',
      '<div class="rounded-lg border border-border bg-card text-card-foreground shadow-sm" inert>',
      '<div class="p-6 flex flex-col gap-5 px-4 pt-6 sm:px-6">',
      `<div class="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-muted p-1">${tab(AUTH_TEXTS.signIn, true)}${tab(AUTH_TEXTS.signUp, false)}${tab(AUTH_TEXTS.reset, false)}</div>`,
      '<div><div class="flex flex-col gap-4"><div class="flex flex-col gap-4">',
      field(AUTH_TEXTS.email, `<input class="${INPUT}" type="email" />`),
      // The show-password button's place at the end of the box; its eye comes with the app.
      field(
        AUTH_TEXTS.password,
        `<div class="relative"><input class="${INPUT} pe-11" type="password" /><span aria-hidden="true" class="absolute inset-y-0 end-0 flex w-10 items-center justify-center"></span></div>`,
      ),
      `<button type="button" class="${BUTTON} bg-primary text-primary-foreground w-full">${say(AUTH_TEXTS.signIn)}</button>`,
      '</div>',
      `<button type="button" class="${BUTTON} text-foreground self-center"><span aria-hidden="true" class="size-4"></span>${say(AUTH_TEXTS.signInLink)}</button>`,
      `<div class="flex items-center gap-3 text-xs text-muted-foreground"><span class="h-px flex-1 bg-border"></span>${say(AUTH_TEXTS.or)}<span class="h-px flex-1 bg-border"></span></div>`,
      `<button type="button" class="${BUTTON} text-foreground w-full">${say(AUTH_TEXTS.guest)}</button>`,
      '</div></div></div></div>',
      '</section>',
    ].join(''),
  );
}
