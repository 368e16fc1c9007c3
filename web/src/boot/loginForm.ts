import type { TokenResponse } from '#src/api/types';
import { type BootMessages, bootMessages } from '#src/i18n/boot';
import { BootError, fetchCaptcha, fetchCaptchaMode, fetchDomainTenant, requestToken } from './api';
import { DEFAULT_TENANT, LANGUAGE_KEY, type Language, storedLanguage, storedSession } from './storage';
import './login.css';

/**
 * The login form in plain DOM (docs/decisions.md "Console first paint"). It is the only login form: it stays
 * until sign-in completes and does the token request itself, so nothing ever replaces the fields a user is
 * typing in. What comes after the token (spec §4: department/role choice, forced password change, then the
 * account and the shell) is the console's, which its /login route attaches with `attachConsole`.
 */
export interface ConsoleSteps {
  /** Takes the token of an accepted password; resolves once the next step shows or sign-in completed. */
  proceed(token: TokenResponse, password: string): Promise<void>;
  setLanguage(language: Language): void;
}

let steps: ConsoleSteps | null = null;
const waitingForSteps: Array<(steps: ConsoleSteps) => void> = [];

/** The console's /login route is ready for tokens; returns the detach for when it unmounts. */
export function attachConsole(next: ConsoleSteps): () => void {
  steps = next;
  // A language switched while the console was loading reached local storage but not the console's store.
  next.setLanguage(storedLanguage());
  for (const resolve of waitingForSteps.splice(0)) resolve(next);
  return () => {
    if (steps === next) steps = null;
  };
}

/** A token that arrives before the console has loaded waits for it (the form stays busy meanwhile). */
function consoleSteps(): Promise<ConsoleSteps> {
  return steps ? Promise.resolve(steps) : new Promise((resolve) => waitingForSteps.push(resolve));
}

let form: LoginForm | null = null;

/** Shows the form unless it is already shown (the boot entry shows it before the console's route does). */
export function mountLoginForm() {
  form ??= createForm();
}

export function unmountLoginForm() {
  form?.destroy();
  form = null;
}

/** The tenant owning this site's domain ('' when none or not known yet). */
export function domainTenant() {
  return form?.domainTenant() ?? '';
}

interface LoginForm {
  destroy(): void;
  domainTenant(): string;
}

interface Field {
  input: HTMLInputElement;
  item: HTMLElement;
  validate(): boolean;
}

const SVG = 'http://www.w3.org/2000/svg';

/** 1 em outline icons in the spirit of the console's (antd's icons are not worth their weight here). */
function icon(path: string) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'pd-login-icon');
  const shape = document.createElementNS(SVG, 'path');
  shape.setAttribute('d', path);
  svg.append(shape);
  return svg;
}

const ICONS = {
  team: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 10a7 7 0 0 1 14 0M17 3.5a4 4 0 0 1 0 7M19 14a7 7 0 0 1 3 6',
  user: 'M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm-8 10a8 8 0 0 1 16 0',
  lock: 'M5 10h14v12H5zm3 0V7a4 4 0 0 1 8 0v3m-4 5v3',
  safety: 'M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5zm-4 10l3 3 5-6',
  eye: 'M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12zm11 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  eyeOff: 'M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12zm11 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 3l18 18',
};

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', ...children: (Node | string)[]) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

function createForm(): LoginForm {
  let language = storedLanguage();
  let captchaMode = storedSession().captchaMode;
  let captcha = { key: '', image: '' };
  let tenantOfDomain = '';
  let busy = false;
  let destroyed = false;
  let toastTimer = 0;

  // Every text of the form is set through `bind`, so switching the language re-applies them all.
  const bindings: Array<(m: BootMessages) => void> = [];
  const bind = (apply: (m: BootMessages) => void) => {
    bindings.push(apply);
    apply(bootMessages[language]);
  };
  const m = () => bootMessages[language];

  const field = (
    name: string,
    prefix: string,
    label: (x: BootMessages) => string,
    required: (x: BootMessages) => string,
    autocomplete = '',
  ): Field => {
    const input = el('input', 'pd-input-field');
    input.name = name;
    if (autocomplete) input.autocomplete = autocomplete as AutoFill;
    bind((x) => {
      input.placeholder = label(x);
      input.setAttribute('aria-label', label(x));
    });
    const box = el('span', 'pd-input', icon(prefix), input);
    const error = el('div', 'pd-field-error');
    const item = el('div', 'pd-field', box, error);
    let invalid = false;
    bind((x) => {
      error.textContent = invalid ? required(x) : '';
    });
    // antd's required rule: checked on every change and on submit; only an empty value fails.
    const validate = () => {
      invalid = input.value === '';
      item.classList.toggle('pd-field-invalid', invalid);
      error.textContent = invalid ? required(m()) : '';
      return !invalid;
    };
    input.addEventListener('input', validate);
    return { input, item, validate };
  };

  const tenant = field(
    'tenantId',
    ICONS.team,
    (x) => x.login.tenantId,
    (x) => x.login.tenantRequired,
  );
  tenant.input.value = DEFAULT_TENANT;
  const username = field(
    'username',
    ICONS.user,
    (x) => x.login.username,
    (x) => x.login.usernameRequired,
    'username',
  );
  const password = field(
    'password',
    ICONS.lock,
    (x) => x.login.password,
    (x) => x.login.passwordRequired,
    'current-password',
  );
  password.input.type = 'password';
  // Show / hide the password, as antd's Input.Password (not a button: Enter in the field still submits).
  const eye = el('span', 'pd-input-eye');
  eye.setAttribute('role', 'img');
  const showEye = () => {
    const shown = password.input.type === 'text';
    eye.replaceChildren(icon(shown ? ICONS.eye : ICONS.eyeOff));
    eye.setAttribute('aria-label', shown ? 'eye' : 'eye-invisible');
  };
  eye.addEventListener('click', () => {
    password.input.type = password.input.type === 'password' ? 'text' : 'password';
    showEye();
  });
  showEye();
  password.item.firstElementChild?.append(eye);

  const code = field(
    'code',
    ICONS.safety,
    (x) => x.login.code,
    (x) => x.login.codeRequired,
  );
  const captchaImage = el('button', 'pd-captcha-img');
  captchaImage.type = 'button';
  bind((x) => {
    captchaImage.title = x.login.refreshCode;
  });
  captchaImage.addEventListener('click', () => refreshCaptcha());
  // The code's input and the image side by side, its error below both.
  code.item.prepend(el('div', 'pd-captcha', code.item.firstElementChild as Node, captchaImage));

  const submit = el('button', 'pd-login-submit');
  submit.type = 'submit';
  bind((x) => {
    submit.textContent = x.login.submit;
  });

  const formElement = el(
    'form',
    'pd-login-form',
    tenant.item,
    username.item,
    password.item,
    code.item,
    submit,
  );
  formElement.noValidate = true;
  formElement.autocomplete = 'on';
  formElement.addEventListener('submit', (event) => {
    event.preventDefault();
    signIn();
  });

  const languageButton = el('button', 'pd-login-text-btn');
  languageButton.type = 'button';
  languageButton.addEventListener('click', () => setLanguage(language === 'zh' ? 'en' : 'zh'));

  const heading = el('h2');
  const subtitle = el('p', 'pd-login-sub');
  const brandName = el('h1');
  const slogan = el('p');
  const features = [el('li'), el('li'), el('li')];
  const footer = el('footer', 'pd-login-footer');
  bind((x) => {
    heading.textContent = x.login.welcome;
    subtitle.textContent = x.login.subtitle;
    brandName.textContent = x.app.name;
    slogan.textContent = x.login.slogan;
    [x.login.featureOps, x.login.featureAlarm, x.login.featureTenant].forEach((text, i) => {
      features[i].textContent = text;
    });
    footer.textContent = x.login.footer;
    languageButton.textContent = language === 'zh' ? 'English' : '中文';
    document.title = x.login.title;
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  });

  const toastBox = el('div', 'pd-login-toast');
  const root = el(
    'div',
    'pd-login pd-login-boot',
    el(
      'section',
      'pd-login-brand',
      el('div', 'pd-login-logo', 'P'),
      brandName,
      slogan,
      el('ul', '', ...features),
    ),
    el(
      'section',
      'pd-login-panel',
      el('div', 'pd-login-lang', languageButton),
      el('div', 'pd-login-card', heading, subtitle, formElement),
      footer,
    ),
    toastBox,
  );
  document.body.prepend(root);

  function setLanguage(next: Language) {
    language = next;
    localStorage.setItem(LANGUAGE_KEY, next);
    for (const apply of bindings) apply(m());
    steps?.setLanguage(next);
  }

  /** Spec §8: an error toast for 3 s, one at a time (the antd message's class, which the e2e specs read). */
  function toast(message: string) {
    window.clearTimeout(toastTimer);
    toastBox.replaceChildren(
      el('div', 'ant-message-notice pd-login-notice', el('span', 'pd-login-notice-icon', '×'), message),
    );
    toastTimer = window.setTimeout(() => toastBox.replaceChildren(), 3000);
  }

  function messageOf(error: BootError) {
    if (error.code === 503) return m().http.unavailable;
    if (error.code === 700) return m().http.captchaExpired;
    return error.message || m().http.unknown;
  }

  function showCaptcha(enabled: boolean) {
    captchaMode = enabled;
    code.item.hidden = !enabled;
    if (enabled && !captcha.key) refreshCaptcha();
  }

  function refreshCaptcha() {
    fetchCaptcha()
      .then((next) => {
        if (destroyed) return;
        captcha = next;
        const image = el('img');
        image.src = next.image;
        image.alt = m().login.code;
        captchaImage.replaceChildren(image);
      })
      .catch(() => undefined);
  }

  function setBusy(next: boolean) {
    busy = next;
    submit.classList.toggle('pd-login-submit-loading', next);
    submit.setAttribute('aria-busy', String(next));
  }

  async function signIn() {
    if (busy) return;
    const fields = [username, password];
    if (!tenantOfDomain) fields.unshift(tenant);
    if (captchaMode) fields.push(code);
    // Every field shows its error at once, as antd's form does.
    if (!fields.map((f) => f.validate()).every(Boolean)) return;
    setBusy(true);
    const plain = password.input.value;
    try {
      const token = await requestToken({
        tenantId: tenantOfDomain || tenant.input.value,
        username: username.input.value,
        password: plain,
        captcha: captchaMode && captcha.key ? { key: captcha.key, code: code.input.value } : undefined,
      });
      await (await consoleSteps()).proceed(token, plain);
    } catch (error) {
      // Errors after the token are the console's HTTP layer's to show; a network failure shows nothing (spec §8).
      if (error instanceof BootError && error.code !== 0) toast(messageOf(error));
      // A used captcha is void either way.
      if (captchaMode) refreshCaptcha();
    } finally {
      setBusy(false);
    }
  }

  showCaptcha(captchaMode);
  // The captcha mode and the domain's tenant are asked for at once, beside the console's own loading.
  fetchCaptchaMode()
    .then((enabled) => {
      if (!destroyed && enabled !== captchaMode) showCaptcha(enabled);
    })
    .catch(() => undefined);
  fetchDomainTenant(window.location.origin)
    .then((tenantId) => {
      if (destroyed || !tenantId) return;
      tenantOfDomain = tenantId;
      tenant.input.value = tenantId;
      tenant.item.hidden = true;
    })
    .catch(() => undefined);

  return {
    destroy() {
      destroyed = true;
      window.clearTimeout(toastTimer);
      root.remove();
    },
    domainTenant: () => tenantOfDomain,
  };
}
