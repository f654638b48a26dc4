DOC
raw: [2,2]
kept: [2,2]
DIE
DIE
DIE
DIE
DIE
DIE
DOC
DIE
DIE
DOC
raw: [0,0]
kept: [0,0]
DOC
DIE
DIE
DOC
DIE
DOC
DIE
DOC
raw: [0,0]
kept: [0,0]
DIE
DIE
DIE
DIE
DIE
DIE
DOC
raw: [0,0]
kept: [0,0]
DOC
DOC
raw: [4,4]
kept: [4,4]
DOC
raw: [2,2]
kept: [2,2]
DIE
DOC
raw: [0,4]
raw: [4,4]
kept: [0,4]
kept: [4,4]
DIE
DIE
DIE
DIE
DIE
DOC
raw: [1,1]
kept: [1,1]
DIE
DIE
DOC
raw: [1,1] [3,3] [3,3]
raw: [2,2]
kept: [1,1] [3,3]
kept: [2,2]
DOC
DIE
DOC
raw: [2,2]
kept: [2,2]
DIE
DOC
DIE
DOC
DOC
raw: [1,3]
kept: [1,3]
DOC
raw: [1,4]
kept: [1,4]
DIE
DIE
DIE
DOC
raw: [0,0] [3,3]
raw: [3,3]
kept: [0,0] [3,3]
DIE
DIE
DIE
DIE
DIE
DIE
DOC
DIE
DOC
DIE
DIE
DIE
DIE
DIE
DOC
DOC
raw: [3,3]
raw: [4,4]
kept: [3,3]
kept: [4,4]
DOC
raw: [1,1]
kept: [1,1]
DIE
DOC
DOC
raw: [2,2] [3,3] [4,4] [5,5] [6,6]
kept: [2,2] [3,3] [4,4] [5,5] [6,6]
DIE
DIE
DIE
DOC
raw: [0,0]
kept: [0,0]
DIE
DIE
DIE
DIE
DOC
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DOC
DOC
DOC
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DOC
raw: [0,0]
kept: [0,0]
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DOC
raw: [1,1]
kept: [1,1]
DOC
raw: [4,4] [5,5]
raw: [5,5]
kept: [4,4] [5,5]
DIE
DOC
raw: [1,1]
kept: [1,1]
DIE
DIE
DIE
DOC
raw: [0,0] [4,4]
raw: [4,4]
kept: [0,0] [4,4]
DOC
raw: [0,0]
kept: [0,0]
DOC
raw: [0,0] [0,0]
kept: [0,0]
DOC
DOC
raw: [2,2]
kept: [2,2]
DIE
DIE
DIE
DIE
DOC
raw: [0,0] [3,3]
raw: [0,0] [0,3]
kept: [0,0] [3,3]
kept: [0,3]
DOC
raw: [0,0]
kept: [0,0]
DIE
DIE
DIE
DIE
DIE
DOC
DOC
raw: [0,0] [1,1]
raw: [1,1]
kept: [0,0] [1,1]
DIE
DIE
DIE
DIE
DIE
DOC
raw: [1,1]
raw: [4,4]
kept: [1,1]
kept: [4,4]
DIE
DIE
DIE
DIE
DOC
DIE
DIE
DOC
raw: [1,1]
kept: [1,1]
DOC
DOC
raw: [1,1]
kept: [1,1]
DIE
DIE
DOC
DIE
DIE
DOC
DIE
DIE
DOC
DIE
DIE
DIE
DIE
DIE
DIE
DOC
raw: [0,0]
kept: [0,0]
DIE
DIE
DIE
DOC
DIE
DOC
DOC
DOC
DIE
DOC
raw: [4,4]
raw: [4,4]
kept: [4,4]
DOC
DIE
DIE
DOC
DIE
DIE
DIE
DIE
DOC
raw: [1,1]
kept: [1,1]
DIE
DIE
DIE
DOC
DOC
DOC
DIE
DOC
DIE
DIE
DIE
DOC
raw: [1,1]
kept: [1,1]
DIE
DOC
raw: [2,2]
kept: [2,2]
DIE
DOC
DIE
DIE
DIE
DIE
DIE
DOC
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DOC
raw: [0,0]
kept: [0,0]
DOC
DIE
DOC
raw: [1,1]
kept: [1,1]
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DOC
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DOC
DIE
DIE
DOC
DIE
DIE
DIE
DOC
DOC
DOC
raw: [0,0]
kept: [0,0]
DOC
raw: [1,1]
kept: [1,1]
DIE
DIE
DOC
DIE
DIE
DOC
raw: [0,3]
kept: [0,3]
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DOC
DIE
DOC
DIE
DIE
DIE
DOC
DIE
DIE
DOC
DIE
DOC
raw: [1,1]
kept: [1,1]
DOC
raw: [2,2]
kept: [2,2]
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DIE
DOC
DIE
DIE
