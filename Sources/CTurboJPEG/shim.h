// The TurboJPEG API of libjpeg-turbo (Debian: libturbojpeg0-dev). Errors are return codes, never longjmp.
#include <turbojpeg.h>
