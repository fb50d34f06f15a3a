#ifndef FEEDSITE_CYAML_SHIM_H
#define FEEDSITE_CYAML_SHIM_H
#include <yaml.h>
#endif
