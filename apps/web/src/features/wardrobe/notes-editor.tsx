import { WARDROBE_NOTES_MAX, wardrobeMessages, wardrobeNotesInput } from '@drape/contracts/wardrobe';
import { Button, Label, Textarea, toast } from '@drape/ui';
import { useId, useState, type FormEvent } from 'react';
import { useSaveNotes } from './use-wardrobe';

export interface NotesEditorProps {
  /** The wardrobe item's id (not the look's). */
  entryId: string;
  notes: string | null;
  /** The look's name, for the form's accessible name. */
  lookName: string;
  onClose: () => void;
}

/** user-area §2, §8: notes on one saved look, a textarea of 3 rows with Save and Cancel. */
export function NotesEditor({ entryId, notes, lookName, onClose }: NotesEditorProps) {
  const id = useId();
  const [value, setValue] = useState(notes ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveNotes();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = wardrobeNotesInput.safeParse({ id: entryId, notes: value });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? wardrobeMessages.notesFailed);
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      toast({ title: wardrobeMessages.notesUpdatedTitle, description: wardrobeMessages.notesUpdated, variant: 'success' });
      onClose();
    } catch (err) {
      console.warn('Saving wardrobe notes failed.', err);
      toast({ title: wardrobeMessages.notesFailedTitle, description: wardrobeMessages.notesFailed, variant: 'destructive' });
    }
  }

  return (
    <form aria-label={`Notes on ${lookName}`} onSubmit={(e) => void submit(e)} className="flex flex-col gap-2">
      <Label htmlFor={`${id}-notes`} className="text-xs">
        Your notes
      </Label>
      <Textarea
        id={`${id}-notes`}
        rows={3}
        autoFocus
        value={value}
        maxLength={WARDROBE_NOTES_MAX}
        placeholder="Where you'd wear it, what to pair it with..."
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-count${problem ? ` ${id}-problem` : ''}`}
        onChange={(e) => {
          setValue(e.target.value);
          setProblem(null);
        }}
        onKeyDown={(e) => {
          // Escape cancels like the Cancel button; Ctrl/Cmd+Enter saves like the Save button.
          if (e.key === 'Escape' && !save.isPending) {
            e.preventDefault();
            onClose();
          } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            e.currentTarget.form?.requestSubmit();
          }
        }}
        className="min-h-0 px-3 py-2 text-sm"
      />
      <p id={`${id}-count`} className="self-end text-xs text-taupe">
        {value.length} / {WARDROBE_NOTES_MAX}
      </p>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className="text-xs font-medium leading-relaxed text-danger">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" pending={save.isPending} pendingLabel={wardrobeMessages.saving}>
          Save
        </Button>
        <Button variant="ghost" size="sm" onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
