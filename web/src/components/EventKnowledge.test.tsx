import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventKnowledgeApi } from '#src/api/knowledge';
import { useSession } from '#src/app/stores/session';
import { renderWithProviders } from '#src/test/render';
import EventKnowledge from './EventKnowledge';

vi.mock('#src/api/knowledge', () => ({
  eventKnowledgeApi: {
    list: vi.fn(async () => [
      { id: '1', title: 'Pump vibration procedure' },
      { id: '2', title: 'Bearing checks' },
    ]),
    set: vi.fn(async (_eventId: string, ids: string[]) => ids.map((id) => ({ id, title: `kept ${id}` }))),
  },
  knowledgeApi: { search: vi.fn(async () => []) },
}));

const show = (editable = true) =>
  renderWithProviders(
    <MemoryRouter>
      <EventKnowledge eventId="77" editable={editable} />
    </MemoryRouter>,
  );

describe('EventKnowledge', () => {
  afterEach(() => useSession.setState({ permissions: {} }));

  it('lists the linked entries as links to the knowledge screen', async () => {
    show();
    const link = await screen.findByRole('link', { name: 'Pump vibration procedure' });
    expect(link).toHaveAttribute('href', '/index/knowledge?id=1');
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull(); // no knowledge_edit
  });

  it('unlinks one entry by setting the others', async () => {
    useSession.setState({ permissions: { knowledge_edit: true } });
    show();
    await screen.findByText('Bearing checks');
    fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0]);
    await waitFor(() => expect(eventKnowledgeApi.set).toHaveBeenCalledWith('77', ['2']));
    expect(await screen.findByText('kept 2')).toBeInTheDocument();
  });
});
