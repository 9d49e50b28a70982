import { UPLOADED_IMAGE_NAME } from '../../../domain/games';
import { API_PATHS, fillPath } from '../../../domain/apiPaths';
import { apiUrl } from '../../dataProvider/urls';

/**
 * An option's picture: one of Titli Sorrat's twelve (SVG files of the project, public/titli/{name}.svg)
 * or an image uploaded in Game Master for a digit (served by the API under its stored name; the
 * session cookie authorises it).
 */
export function OptionPicture({ name, label, size }: { name: string; label: string; size: number }) {
  const uploaded = UPLOADED_IMAGE_NAME.test(name);
  const src = uploaded ? apiUrl(fillPath(API_PATHS.gameImage, { name })) : `/titli/${encodeURIComponent(name)}.svg`;
  // A Titli picture is named by what it shows; an uploaded one by its digit.
  return <img src={src} alt={uploaded ? label : name} width={size} height={size} draggable={false} style={{ objectFit: 'contain' }} />;
}
