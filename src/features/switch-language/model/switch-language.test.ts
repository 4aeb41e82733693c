import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { $authToken } from '@/shared/api';
import { saveLanguageMutation } from '../api/save-language';
import { languageChosen, showChosenLanguageFx } from './switch-language';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

function setup(token: string | null) {
  const shown = vi.fn();
  const saved = vi.fn();
  const scope = fork({
    values: [[$authToken, token]],
    handlers: [
      [showChosenLanguageFx, shown],
      [saveLanguageMutation.__.executeFx, saved],
    ],
  });
  return { scope, shown, saved };
}

describe('choosing a language', () => {
  it("a visitor's choice is shown and remembered in the browser only", async () => {
    const { scope, shown, saved } = setup(null);
    await allSettled(languageChosen, { scope, params: 'en' });
    expect(shown).toHaveBeenCalledWith('en');
    expect(saved).not.toHaveBeenCalled();
  });

  it("a signed-in person's choice is saved in the account too", async () => {
    const { scope, shown, saved } = setup('token');
    await allSettled(languageChosen, { scope, params: 'en' });
    expect(shown).toHaveBeenCalledWith('en');
    expect(saved).toHaveBeenCalledTimes(1);
    expect(saved.mock.calls[0]![0]).toBe('en');
  });
});
