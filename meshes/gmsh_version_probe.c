/* Configure-time probe, run by meshes/CMakeLists.txt (try_run): prints the
 * General.Version of the gmsh library found, which tibench compiles in as
 * the version named by mesh keys, so that keying a mesh need not load gmsh.
 * gmsh_mesher.cpp checks that the library it loads is that version. */
#include <stdio.h>

#include <gmshc.h>

int main(void) {
  int ierr = 0;
  char* version = NULL;
  gmshInitialize(0, NULL, 0, &ierr);
  if (ierr != 0) return 1;
  gmshOptionGetString("General.Version", &version, &ierr);
  if (ierr != 0 || version == NULL) return 1;
  printf("gmsh-version=%s\n", version);
  gmshFree(version);
  return 0;
}
