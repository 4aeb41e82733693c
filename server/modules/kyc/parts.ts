import type { UrlSigner } from '../../files/signed-url';
import type { FileStore } from '../../files/store';
import type { FaceService } from './face-service';
import type { KycReview } from './review';
import type { KycService } from './service';

/** The verification service with its private image store and link signer (the image route serves from them). */
export interface KycParts {
  service: KycService;
  /** Face checks (authType 3) at the face provider: the sandbox face page or Alipay identity verification. */
  face: FaceService;
  /** What reviewers read: the staff console's queue and views. */
  review: KycReview;
  /** Own folder, encrypted at rest: identity images are never served by the evidence download route. */
  store: FileStore;
  signer: UrlSigner;
}
