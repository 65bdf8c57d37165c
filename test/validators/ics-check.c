/*
 * Reads one iCalendar object on stdin and prints, one a line, every problem libical finds with it:
 * what its parser could not read, and what its iTIP restriction check refuses (for METHOD:PUBLISH,
 * the properties RFC 5546 requires or forbids in each component). Exit status 0 when there is none.
 * Compiled and run by libical.ts.
 */
#include <libical/ical.h>
#include <stdio.h>
#include <stdlib.h>

/* Prints the X-LIC-ERROR properties libical attached to a component and everything inside it. */
static int report(icalcomponent *c) {
  int problems = 0;
  for (icalproperty *p = icalcomponent_get_first_property(c, ICAL_XLICERROR_PROPERTY); p;
       p = icalcomponent_get_next_property(c, ICAL_XLICERROR_PROPERTY)) {
    printf("%s: %s\n", icalcomponent_kind_to_string(icalcomponent_isa(c)), icalproperty_get_xlicerror(p));
    problems++;
  }
  for (icalcomponent *k = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT); k;
       k = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT)) {
    problems += report(k);
  }
  return problems;
}

int main(void) {
  size_t size = 1 << 16, length = 0, n;
  char *text = malloc(size);
  if (!text) return 2;
  while ((n = fread(text + length, 1, size - length - 1, stdin)) > 0) {
    length += n;
    if (length + 1 == size && !(text = realloc(text, size *= 2))) return 2;
  }
  text[length] = '\0';
  icalerror_set_errors_are_fatal(0);
  icalcomponent *calendar = icalparser_parse_string(text);
  if (!calendar || icalcomponent_isa(calendar) != ICAL_VCALENDAR_COMPONENT) {
    printf("not one VCALENDAR object\n");
    return 1;
  }
  int valid = icalrestriction_check(calendar);
  int problems = report(calendar);
  if (!valid && problems == 0) printf("VCALENDAR: refused by the iTIP restriction check\n");
  return valid && problems == 0 ? 0 : 1;
}
