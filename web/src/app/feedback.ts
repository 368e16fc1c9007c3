import type { App } from 'antd';

/**
 * antd's static message/modal calls do not see the theme or locale (antd 6), so the root renders
 * <App> and hands its instances over here for code that runs outside components (HTTP layer, stores).
 */
type Feedback = ReturnType<typeof App.useApp>;

let current: Feedback | null = null;

export function bindFeedback(feedback: Feedback) {
  current = feedback;
}

const PERSISTENT_KEY = 'persistent-error';

export const toast = {
  success(content: string) {
    current?.message.success(content);
  },
  warning(content: string) {
    current?.message.warning(content);
  },
  /** Errors last 3 s like every toast; a persistent one stays until clicked (spec §8, 401). */
  error(content: string, persistent = false) {
    if (!persistent) {
      current?.message.error(content);
      return;
    }
    current?.message.open({
      key: PERSISTENT_KEY,
      type: 'error',
      content,
      duration: 0,
      onClick: () => current?.message.destroy(PERSISTENT_KEY),
    });
  },
};

/** A yes/no question; resolves true when the user confirms. */
export function confirm(
  content: string,
  options: { title?: string; danger?: boolean } = {},
): Promise<boolean> {
  return new Promise((resolve) => {
    if (!current) {
      resolve(false);
      return;
    }
    current.modal.confirm({
      title: options.title,
      content,
      okButtonProps: { danger: options.danger },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

export function notify() {
  return current?.notification;
}
