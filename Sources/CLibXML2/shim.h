#ifndef FEEDSITE_CLIBXML2_SHIM_H
#define FEEDSITE_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU; its headers would clash with Foundation's own copy of ICU. feedsite
   uses none of libxml2's ICU parts (it hands libxml2 UTF-8), and only pointers to the structs whose
   layout this changes. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>
#endif
