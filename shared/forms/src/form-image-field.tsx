import { IMAGE_EXTENSIONS } from '@shop/validation';
import { FormFileField } from './form-file-field';
import { t } from './strings';

/**
 * The `image` field of the dashboard's content forms (posts, podcasts, courses, sessions): JPG,
 * PNG or WebP up to 2 MB (IMAGE_MAX_KB), with a preview of the chosen or current image.
 * @param current path of the image already stored, when editing
 */
export function FormImageField({ current }: { current?: string | null }) {
  return (
    <FormFileField
      name="image"
      kind="image"
      label={t.image}
      chooseLabel={t.chooseImage}
      help={t.imageHelp}
      extensions={IMAGE_EXTENSIONS}
      current={current}
    />
  );
}
