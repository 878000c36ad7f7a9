import { installGppStub } from './installGppStub';

/** STD-13: the GPP stub alone: composed into the core and the snippet's inline part when GPP is on, before any other tag. */
installGppStub();
