import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { bindFeedback } from '#src/app/feedback';
import '#src/i18n';

function FeedbackBridge() {
  bindFeedback(App.useApp());
  return null;
}

/** Renders with the providers every page has: antd App (toasts, confirms) and a fresh query client. */
export function renderWithProviders(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <FeedbackBridge />
        {ui}
      </App>
    </QueryClientProvider>,
  );
}
