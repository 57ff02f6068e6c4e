import { Typography } from '../../../components/ui';

/** Text with `code` spans, as the document's descriptions write them. */
export function DocText({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((piece, index) =>
        piece.length > 2 && piece.startsWith('`') && piece.endsWith('`') ? (
          <Typography.Text key={index} code>
            {piece.slice(1, -1)}
          </Typography.Text>
        ) : (
          piece
        ),
      )}
    </>
  );
}
