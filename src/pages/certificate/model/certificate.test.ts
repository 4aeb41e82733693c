import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api';
import { startDownloadFx } from '@/shared/lib/download';
import { showToastFx } from '@/shared/ui';
import {
  certificateFx,
  certificatePdfFx,
  previewInfoFx,
  shareDownloadFx,
  shareViewFx,
  viewTokenFx,
  type Certificate,
} from '@/entities/evidence';
import {
  $acceptedCode,
  $certificate,
  $codeError,
  $extractOpen,
  $isOwner,
  $qrTarget,
  CertificateGate,
  codeChanged,
  codeSubmitted,
  extractClicked,
  ownerDownloadClicked,
  pdfClicked,
} from './certificate';

vi.mock('@douyinfe/semi-ui-19', () => ({}));
vi.mock('@/shared/i18n', () => ({ translate: (key: string) => key }));

const certificate = (patch: Partial<Certificate> = {}): Certificate => ({
  baoquan: 'BQ1',
  limited: false,
  title: 'contract.pdf',
  label: 'L',
  fileType: 'document',
  saveTime: '2026-01-01 10:00:00',
  size: 10,
  chainhash: 'a'.repeat(64),
  filehash: 'b'.repeat(64),
  isSelf: 1,
  isApp: 0,
  isDownload: 1,
  owner: '138****8000',
  forensics: null,
  explorerUrl: '/explorer/' + 'a'.repeat(64),
  ...patch,
});
const limited = certificate({ isSelf: 0, limited: true, title: null, label: null });

function setup(view: Certificate, options: { code?: string } = {}) {
  const toast = vi.fn();
  const start = vi.fn();
  const shareView = vi.fn(({ code }: { code: string }) => {
    if (code !== (options.code ?? 'right')) throw new ApiError({ code: 400, message: 'wrong code' });
    return certificate({ isSelf: 0 });
  });
  const shareDownload = vi.fn(() => ({ url: '/files/1?sig=s', expiresAt: 1 }));
  const preview = vi.fn(() => ({ fileType: 'document', title: 'contract.pdf', size: 10, url: '/files/1?sig=o', isDownload: 1 }));
  const pdf = vi.fn((_query: unknown) => ({ url: '/cert.pdf?sig=p', expiresAt: 1 }));
  const scope = fork({
    handlers: [
      [certificateFx, () => view],
      [viewTokenFx, () => ({ viewToken: 'tok', expiresAt: 1 })],
      [shareViewFx, shareView],
      [shareDownloadFx, shareDownload],
      [previewInfoFx, preview],
      [certificatePdfFx, pdf],
      [showToastFx, toast],
      [startDownloadFx, start],
    ],
  });
  return { scope, toast, start, shareView, shareDownload, preview, pdf };
}

const open = (scope: ReturnType<typeof fork>, search = '') =>
  allSettled(CertificateGate.open, { scope, params: { baoquan: 'BQ1', search } });

describe('certificate page model', () => {
  it('owner: full certificate, QR code of the mobile view, download through the page fileUrl', async () => {
    const { scope, start, preview } = setup(certificate());
    await open(scope, '?fileUrl=PATH*x&fileType=%E6%96%87%E6%A1%A3&isDownload=1');
    expect(scope.getState($isOwner)).toBe(true);
    expect(scope.getState($qrTarget)).toMatch(/\/mobile\/attestation\/BQ1\/tok$/);
    await allSettled(ownerDownloadClicked, { scope });
    expect(preview).toHaveBeenCalledWith('PATH*x');
    expect(start).toHaveBeenCalledWith({ url: '/files/1?sig=o' });
  });

  it('owner: the download states of spec section 8', async () => {
    const uploading = setup(certificate({ isDownload: 0 }));
    await open(uploading.scope, '?fileUrl=P&isDownload=2');
    await allSettled(ownerDownloadClicked, { scope: uploading.scope });
    expect(uploading.toast).toHaveBeenLastCalledWith({ type: 'warning', text: 'evidence:download.uploading' });
    const missing = setup(certificate({ isDownload: 0 }));
    await open(missing.scope, '?fileUrl=P&isDownload=0');
    await allSettled(ownerDownloadClicked, { scope: missing.scope });
    expect(missing.toast).toHaveBeenLastCalledWith({ type: 'warning', text: 'evidence:download.missing' });
    expect(missing.preview).not.toHaveBeenCalled();
  });

  it('non-owner: limited certificate, no QR code; extract asks for the code and shows the server message when wrong', async () => {
    const { scope, shareView, shareDownload } = setup(limited);
    await open(scope);
    expect(scope.getState($isOwner)).toBe(false);
    expect(scope.getState($qrTarget)).toBeNull();
    expect(scope.getState($certificate)?.limited).toBe(true);

    await allSettled(extractClicked, { scope });
    expect(scope.getState($extractOpen)).toBe(true);
    await allSettled(codeSubmitted, { scope });
    expect(scope.getState($codeError)).toEqual({ ref: 'required|extractCode' });
    expect(shareView).not.toHaveBeenCalled();

    await allSettled(codeChanged, { scope, params: 'nope' });
    await allSettled(codeSubmitted, { scope });
    expect(scope.getState($codeError)).toEqual({ text: 'wrong code' });
    expect(scope.getState($extractOpen)).toBe(true);
    expect(shareDownload).not.toHaveBeenCalled();
  });

  it('with the right code: the full certificate, the file, and later downloads and the PDF use the code', async () => {
    const { scope, start, shareDownload, pdf } = setup(limited);
    await open(scope);
    await allSettled(extractClicked, { scope });
    await allSettled(codeChanged, { scope, params: 'right' });
    await allSettled(codeSubmitted, { scope });
    expect(scope.getState($extractOpen)).toBe(false);
    expect(scope.getState($certificate)).toMatchObject({ limited: false, title: 'contract.pdf' });
    expect(scope.getState($acceptedCode)).toBe('right');
    expect(shareDownload).toHaveBeenCalledWith({ baoquan: 'BQ1', code: 'right' });
    expect(start).toHaveBeenCalledWith({ url: '/files/1?sig=s', expiresAt: 1 });

    await allSettled(extractClicked, { scope });
    expect(scope.getState($extractOpen)).toBe(false);
    expect(shareDownload).toHaveBeenCalledTimes(2);

    await allSettled(pdfClicked, { scope });
    expect(pdf).toHaveBeenCalledWith({ baoquan: 'BQ1', code: 'right' });
  });
});
