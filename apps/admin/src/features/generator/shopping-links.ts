/**
 * Shopping searches for a piece (settings-and-admin §7.1: searches on a Google shopping page and an
 * Amazon search page from the item's name, colour and type). The admin sees the default domains.
 */
export interface ShoppablePiece {
  name: string;
  color: string;
  type: string;
}

function query(piece: ShoppablePiece, gender: string | null): string {
  const words = [gender, piece.color, piece.name];
  if (!piece.name.toLowerCase().includes(piece.type.toLowerCase())) words.push(piece.type);
  return words.filter(Boolean).join(' ');
}

export function googleShoppingUrl(piece: ShoppablePiece, gender: string | null): string {
  return `https://www.google.com/search?tbm=shop&q=${encodeURIComponent(query(piece, gender))}`;
}

export function amazonSearchUrl(piece: ShoppablePiece, gender: string | null): string {
  return `https://www.amazon.com/s?k=${encodeURIComponent(query(piece, gender))}`;
}
