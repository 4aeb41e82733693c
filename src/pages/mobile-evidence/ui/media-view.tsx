import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import type { FileKind } from '@contracts';
import { Dialog } from '@/shared/ui/dialog';
import { $imagePreviewOpen, imagePreviewClosed, imagePreviewOpened } from '../model/mobile';

/** A file shown on the phone: the image (opening the image preview dialog), a player, or a link to open the document. */
export function MediaView({ kind, url, title }: { kind: FileKind; url: string; title: string }) {
  const { t } = useTranslation('attestation');
  const [open, onOpen, onClose] = useUnit([$imagePreviewOpen, imagePreviewOpened, imagePreviewClosed]);
  if (kind === 'image') {
    return (
      <>
        <button type="button" className="mobile-media__thumb" onClick={onOpen} aria-label={t('mobile.previewImage')}>
          <img src={url} alt={title} />
        </button>
        <Dialog
          title={t('mobile.previewImage')}
          open={open}
          onClose={onClose}
          closeLabel={t('mobile.close')}
          width="80%"
          className="mobile-media__dialog"
        >
          <img src={url} alt={title} className="mobile-media__full" />
        </Dialog>
      </>
    );
  }
  if (kind === 'video') {
    // eslint-disable-next-line jsx-a11y/media-has-caption -- the user's own uploaded evidence file: no captions exist for it
    return <video className="mobile-media__player" src={url} controls playsInline preload="metadata" aria-label={title} />;
  }
  if (kind === 'audio') {
    // eslint-disable-next-line jsx-a11y/media-has-caption -- the user's own uploaded evidence file: no captions exist for it
    return <audio className="mobile-media__audio" src={url} controls preload="metadata" aria-label={title} />;
  }
  return (
    <div className="mobile-media__doc">
      <p>{kind === 'document' ? t('mobile.documentHint') : t('mobile.noPreview')}</p>
      <a className="mobile-button" href={url} target="_blank" rel="noopener">
        {t('mobile.openFile')}
      </a>
    </div>
  );
}
