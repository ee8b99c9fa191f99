/// <reference types="vite/client" />
/// <reference types="altcha/types/react" />
