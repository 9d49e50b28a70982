/** One of Titli Sorrat's twelve pictures: SVG files of the project (public/titli/{name}.svg). */
export function TitliPicture({ name, size }: { name: string; size: number }) {
  return <img src={`/titli/${encodeURIComponent(name)}.svg`} alt={name} width={size} height={size} draggable={false} />;
}
