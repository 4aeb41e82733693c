import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import type { Signature } from '@contracts';
import { showConfirmFx, showToastFx } from '@/shared/ui';
import { deleteSignatureFx, setDefaultSignatureFx, signatureListingFx, uploadSignatureFx } from '@/entities/signature';
import {
  $fileError,
  $seals,
  $uploadOpen,
  deleteClicked,
  fileChosen,
  setDefaultClicked,
  SignatureGate,
  uploadForm,
  uploadOpened,
} from './signature';

vi.mock('@douyinfe/semi-ui-19', () => ({}));

const seal = (id: number, isDefault: '0' | '1'): Signature => ({
  id,
  name: `章${id}`,
  pic_url: `/api/signature/image/${id}?exp=1&sig=x`,
  add_time: '2026-01-01 10:00:00',
  is_default: isDefault,
});
const pngFile = (size = 100) => new File([new Uint8Array(size)], 'seal.png', { type: 'image/png' });

function setup(confirm = true) {
  const listing = vi.fn(() => ({ list: [seal(2, '1'), seal(1, '0')] }));
  const upload = vi.fn(() => seal(3, '0'));
  const del = vi.fn(() => null);
  const setDefault = vi.fn(() => null);
  const toast = vi.fn();
  const scope = fork({
    handlers: [
      [signatureListingFx, listing],
      [uploadSignatureFx, upload],
      [deleteSignatureFx, del],
      [setDefaultSignatureFx, setDefault],
      [showConfirmFx, () => confirm],
      [showToastFx, toast],
    ],
  });
  return { scope, listing, upload, del, setDefault, toast };
}

describe('signature page model', () => {
  it('lists the seals when opened', async () => {
    const { scope } = setup();
    await allSettled(SignatureGate.open, { scope, params: {} });
    expect(scope.getState($seals).map((s) => s.id)).toEqual([2, 1]);
  });

  it('refuses a non-png, an oversized file, a missing name, default choice or image without calling the server', async () => {
    const { scope, upload } = setup();
    await allSettled(uploadOpened, { scope });
    await allSettled(uploadForm.submitted, { scope });
    expect(scope.getState(uploadForm.$errors)).toEqual({ name: 'required|signatureName', isDefault: 'signatureDefaultRequired' });
    expect(scope.getState($fileError)).toBe('signatureImageRequired');
    await allSettled(fileChosen, { scope, params: new File(['x'], 'seal.jpg', { type: 'image/jpeg' }) });
    expect(scope.getState($fileError)).toBe('signaturePngOnly');
    await allSettled(fileChosen, { scope, params: pngFile(10 * 1024 * 1024 + 1) });
    expect(scope.getState($fileError)).toBe('signatureTooLarge');
    await allSettled(uploadForm.valuesPatched, { scope, params: { name: '公章', isDefault: '1' } });
    await allSettled(uploadForm.submitted, { scope });
    expect(upload).not.toHaveBeenCalled();
  });

  it('uploads a valid png with its fields, closes the dialog and reloads the list', async () => {
    const { scope, upload, listing, toast } = setup();
    await allSettled(SignatureGate.open, { scope, params: {} });
    await allSettled(uploadOpened, { scope });
    const file = pngFile();
    await allSettled(fileChosen, { scope, params: file });
    await allSettled(uploadForm.valuesPatched, { scope, params: { name: '公章', isDefault: '0' } });
    await allSettled(uploadForm.submitted, { scope });
    expect(upload).toHaveBeenCalledWith({ name: '公章', isDefault: '0', file });
    expect(scope.getState($uploadOpen)).toBe(false);
    expect(listing).toHaveBeenCalledTimes(2);
    expect(toast).toHaveBeenCalledWith({ type: 'success', text: expect.any(String) });
  });

  it('sets a default (not the current one) and deletes after confirmation', async () => {
    const { scope, setDefault, del, listing } = setup();
    await allSettled(SignatureGate.open, { scope, params: {} });
    await allSettled(setDefaultClicked, { scope, params: seal(2, '1') });
    expect(setDefault).not.toHaveBeenCalled();
    await allSettled(setDefaultClicked, { scope, params: seal(1, '0') });
    expect(setDefault).toHaveBeenCalledWith(1);
    await allSettled(deleteClicked, { scope, params: seal(2, '1') });
    expect(del).toHaveBeenCalledWith(2);
    expect(listing).toHaveBeenCalledTimes(3);

    const declined = setup(false);
    await allSettled(deleteClicked, { scope: declined.scope, params: seal(2, '1') });
    expect(declined.del).not.toHaveBeenCalled();
  });
});
