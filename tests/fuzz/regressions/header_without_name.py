# pypto.program
# The header`comment names a prograimport ptpyoe as ptt: plur.INTn6