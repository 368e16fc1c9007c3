import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AnswerText } from './Answer';

describe('AnswerText', () => {
  it('makes citations and screens links, bold text strong, and never renders HTML', () => {
    render(
      <MemoryRouter>
        <AnswerText
          text={
            '**Live data**\n1. [Pump procedure](/index/knowledge?id=7) — check [1]\n<img src=x onerror=alert(1)>'
          }
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Pump procedure' })).toHaveAttribute(
      'href',
      '/index/knowledge?id=7',
    );
    expect(screen.getByText('Live data').tagName).toBe('STRONG');
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('leaves a link to another scheme as text', () => {
    render(
      <MemoryRouter>
        <AnswerText text="[x](javascript:alert(1))" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('[x](javascript:alert(1))')).toBeInTheDocument();
  });
});
