import {
  Button, Dialog, DialogBody, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger,
} from '@drape/ui';
import { PrivacyContent, TermsContent } from '../../components/legal-content';

const DOCS = {
  terms: { title: 'Terms of Service', description: 'The rules for using Drape.', Content: TermsContent },
  privacy: { title: 'Privacy Policy', description: 'What we collect and how we use it.', Content: PrivacyContent },
} as const;

/** A link-styled button that opens the Terms of Service or the Privacy Policy in a dialog. */
export function LegalDialog({ doc }: { doc: keyof typeof DOCS }) {
  const { title, description, Content } = DOCS[doc];
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="link" className="align-baseline font-medium">
          {title}
        </Button>
      </DialogTrigger>
      <DialogContent wide>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogBody tabIndex={0} role="region" aria-label={`${title} text`} className="max-h-[60dvh] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ink">
          <Content />
        </DialogBody>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
