import { errorMessage } from '@drape/client';
import { CLOSET_NAME_MAX, closetPieceName, type ClosetPiece } from '@drape/contracts/closet';
import {
  Button, buttonClasses, Dialog, DialogBody, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger,
  Form, FormController, FormError, FormField, Input, toast, useZodForm,
} from '@drape/ui';
import { Pencil, Sparkles, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { withQuery } from '../../lib/routes';
import { CategoryChoice, ColorFamilySelect, PatternChoice, PieceFacts } from './piece-fields';
import { editPieceSchema, pieceChanges } from './piece-edit';
import { PieceImage } from './piece-image';
import { pieceName } from './piece-names';
import { useRemovePiece, useUpdatePiece } from './use-closet';

/** The generator reads `?piece=` to style a look around an owned piece (issue 19, section 4). */
export const stylePiecePath = (id: string): string => withQuery('/dashboard', { piece: id });

export interface PieceCardProps {
  piece: ClosetPiece;
  /** Cards in the first rows load their photos at once, the others as they near the viewport. */
  eager: boolean;
  /** Where focus goes once the piece is deleted (its own buttons are gone). */
  focusAfterRemoval: () => void;
  /**
   * The piece whose card takes focus when it mounts: one moved to another category's group is a
   * new card there, and its Edit button stands in for the one the dialog would give focus back to.
   */
  refocus: RefObject<string | null>;
}

/** One piece: its photo, name, colour family and pattern, a link to style it, and edit and delete. */
export function PieceCard({ piece, eager, focusAfterRemoval, refocus }: PieceCardProps) {
  const id = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (refocus.current !== piece.id) return;
    refocus.current = null;
    editButton.current?.focus();
  }, [refocus, piece.id]);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const removing = useRef(false);
  const remove = useRemovePiece();
  const name = pieceName(piece);
  const titleId = `${id}-title`;

  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col overflow-clip rounded-[var(--radius-card)] border border-linen bg-paper shadow-soft">
      <div className="relative">
        <PieceImage src={piece.thumbnailUrl} loading={eager ? 'eager' : 'lazy'} className="aspect-square w-full" />
        {/* Each button is its dialog's trigger: closing the dialog gives focus back to it. */}
        <div className="absolute right-2 top-2 flex gap-1.5">
          <Dialog open={editing} onOpenChange={setEditing}>
            <DialogTrigger asChild>
              <Button ref={editButton} variant="secondary" size="icon" aria-label={`Edit ${name}`} className="h-9 w-9 bg-paper/90 shadow-soft backdrop-blur-sm hover:bg-paper">
                <Pencil aria-hidden="true" className="h-4 w-4" />
              </Button>
            </DialogTrigger>
            {/* Mounted while open only: each opening starts from the piece as it is now. */}
            {editing ? (
              <EditPieceForm
                piece={piece}
                onDone={(moved) => {
                  if (moved) refocus.current = piece.id;
                  setEditing(false);
                }}
              />
            ) : null}
          </Dialog>
          <Dialog open={confirming} onOpenChange={setConfirming}>
            <DialogTrigger asChild>
              <Button
                variant="secondary"
                size="icon"
                aria-label={`Delete ${name}`}
                className="h-9 w-9 bg-paper/90 text-danger shadow-soft backdrop-blur-sm hover:bg-danger-soft"
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </Button>
            </DialogTrigger>
            <DialogContent
              onCloseAutoFocus={(event) => {
                if (!removing.current) return;
                // The card and its buttons are gone.
                event.preventDefault();
                focusAfterRemoval();
              }}
            >
              <DialogHeader>
                <DialogTitle>Delete this piece?</DialogTitle>
                <DialogDescription>{name} and its photo are deleted for good.</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">Keep it</Button>
                </DialogClose>
                <Button
                  variant="destructive"
                  onClick={() => {
                    removing.current = true;
                    setConfirming(false);
                    remove.mutate(
                      { id: piece.id },
                      {
                        onError: (err) =>
                          toast({ title: 'Delete failed', description: errorMessage(err, `${name} could not be deleted. Please try again.`), variant: 'destructive' }),
                      },
                    );
                  }}
                >
                  Delete
                </Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-3 sm:p-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h4 id={titleId} className="truncate font-display text-lg font-medium leading-snug text-ink" title={name}>
            {name}
          </h4>
          <PieceFacts colorFamily={piece.colorFamily} pattern={piece.pattern} />
        </div>
        <Link
          to={stylePiecePath(piece.id)}
          aria-label={`Style this piece: ${name}`}
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-auto w-full gap-1.5 px-2 sm:px-3' })}
        >
          {/* A phone's two columns leave room for the words alone. */}
          <Sparkles aria-hidden="true" className="hidden h-4 w-4 shrink-0 sm:block" />
          Style this piece
        </Link>
      </div>
    </article>
  );
}

/** `onDone(moved)`: closed, and whether the piece moved to another category. */
function EditPieceForm({ piece, onDone }: { piece: ClosetPiece; onDone: (moved: boolean) => void }) {
  const id = useId();
  const update = useUpdatePiece();
  const form = useZodForm(editPieceSchema, {
    defaultValues: { name: piece.name, category: piece.category, colorFamily: piece.colorFamily, pattern: piece.pattern },
  });
  const name = pieceName(piece);

  return (
    <DialogContent>
      <Form
        form={form}
        aria-label={`Edit ${name}`}
        className="flex min-h-0 flex-col"
        onSubmit={async (values) => {
          const changes = pieceChanges(piece, values);
          if (Object.keys(changes).length === 0) {
            onDone(false);
            return;
          }
          try {
            const answer = await update.mutateAsync({ id: piece.id, ...changes });
            toast({ title: 'Piece updated', description: `${pieceName(answer)} is saved.`, variant: 'success' });
            onDone(changes.category !== undefined);
          } catch (err) {
            form.setError('root', { message: errorMessage(err, 'Your changes could not be saved. Please try again.') });
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>Edit piece</DialogTitle>
          <DialogDescription>Correct what was measured from the photo, or rename the piece.</DialogDescription>
        </DialogHeader>
        <DialogBody className="flex flex-col gap-5">
          <div className="flex items-center gap-3">
            <PieceImage src={piece.thumbnailUrl} className="h-16 w-16 shrink-0 rounded-xl" />
            <p className="min-w-0 truncate text-sm text-taupe">{name}</p>
          </div>
          <FormField
            control={form.control}
            name="name"
            id={`${id}-name`}
            label="Name"
            aside="Optional"
            render={({ value, ...field }) => (
              <Input {...field} value={value ?? ''} maxLength={CLOSET_NAME_MAX} autoComplete="off" placeholder={closetPieceName(piece.colorFamily, piece.category)} />
            )}
          />
          <FormController
            control={form.control}
            name="category"
            render={({ field, error }) => <CategoryChoice name={`${id}-category`} value={field.value} onChange={field.onChange} inputRef={field.ref} error={error} />}
          />
          <FormController
            control={form.control}
            name="colorFamily"
            render={({ field }) => <ColorFamilySelect id={`${id}-color`} value={field.value} onChange={field.onChange} />}
          />
          <FormController
            control={form.control}
            name="pattern"
            render={({ field }) => <PatternChoice name={`${id}-pattern`} value={field.value} onChange={field.onChange} inputRef={field.ref} />}
          />
          <FormError />
        </DialogBody>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" pending={form.formState.isSubmitting} pendingLabel="Saving...">
            Save
          </Button>
        </DialogFooter>
      </Form>
    </DialogContent>
  );
}
