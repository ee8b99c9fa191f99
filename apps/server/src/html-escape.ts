// The server's pages and files escape with the contracts' one function, as the mails do.
export { escapeHtml } from '@drape/contracts';
