import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACK_AFTER_SAVE_MS, useBackAfterSave } from '../../src/common/useBackAfterSave';

function Form() {
  const [saved, setSaved] = useState(false);
  useBackAfterSave(saved);
  return (
    <>
      <h1>Form</h1>
      <button onClick={() => setSaved(true)}>Save</button>
    </>
  );
}

function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/list" element={<Link to="/form">Edit</Link>} />
        <Route path="/form" element={<Form />} />
        <Route path="/elsewhere" element={<h1>Elsewhere</h1>} />
      </Routes>
    </BrowserRouter>
  );
}

describe('a saved form goes back one step', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.history.replaceState(null, '', '/list');
  });
  afterEach(() => vi.useRealTimers());

  async function openAndSave() {
    render(<App />);
    act(() => screen.getByText('Edit').click());
    act(() => screen.getByText('Save').click());
    expect(window.location.pathname).toBe('/form');
  }

  it('to the page it came from, after the message had its second', async () => {
    await openAndSave();
    await act(() => vi.advanceTimersByTimeAsync(BACK_AFTER_SAVE_MS - 100));
    expect(window.location.pathname).toBe('/form');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await vi.waitFor(() => expect(window.location.pathname).toBe('/list'));
  });

  it('but not when the operator went elsewhere before the page re-rendered', async () => {
    await openAndSave();
    // A menu click writes the new history entry at once; React renders the page later.
    window.history.pushState({ usr: null, key: 'menu-click', idx: 2 }, '', '/elsewhere');
    await act(() => vi.advanceTimersByTimeAsync(BACK_AFTER_SAVE_MS + 200));
    expect(window.location.pathname).toBe('/elsewhere');
  });
});
